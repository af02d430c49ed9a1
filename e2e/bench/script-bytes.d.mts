export function pageScripts(
  base: string,
  path: string,
): Promise<{ scripts: number; raw: number; gzip: number }>;
