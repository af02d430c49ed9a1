export interface FirstLoadFile {
  file: string;
  framework: boolean;
  raw: number;
  gzip: number;
}
export function frameworkFiles(distDir: string): string[];
export function firstLoadFiles(distDir: string, route: string): FirstLoadFile[];
