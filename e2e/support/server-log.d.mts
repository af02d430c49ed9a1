export function serverLogPath(port: number | string): string;
export function findWarnings(text: string): string[];
