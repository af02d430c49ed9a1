// What the benchmark ran on, for the JSON and the table's heading.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { ROOT } from './proc';

export interface Machine {
  date: string;
  commit: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string | null;
  /** 1-minute load average when the run started: other work on the machine skews the numbers. */
  loadAverage: number;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

export function describeMachine(): Machine {
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return {
    date: new Date().toISOString(),
    commit: `${git(['rev-parse', '--short', 'HEAD']) || 'unknown'}${dirty ? ' (modified)' : ''}`,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${process.platform} ${release()}`,
    node: process.version,
    chromium: null,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  };
}

export function machineLine(m: Machine): string {
  return [
    `${m.date.slice(0, 16).replace('T', ' ')} UTC`,
    `commit ${m.commit}`,
    `${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB)`,
    `Node ${m.node}`,
    `Chromium ${m.chromium ?? '–'}`,
    `load average ${m.loadAverage} at start`,
  ].join(' · ');
}
