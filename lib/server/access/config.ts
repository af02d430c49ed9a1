import 'server-only';
import type { z } from 'zod';
import { optionalText, wholeNumber } from '@/lib/server/config-values';

// The access-control part of the server configuration (config.ts spreads `accessEnvShape` into
// its schema and calls `accessConfigFrom`), kept apart to keep that file small.

export interface AccessConfig {
  /** ACCESS_CODES: any one of them lets a browser in; empty = no gate. */
  codes: string[];
  /** Wrong access codes per client address per hour (RATE_LIMIT_ACCESS_CODE_PER_IP). */
  wrongCodesPerIp: number;
}

const list = (value: string | undefined) => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

export const accessEnvShape = {
  ACCESS_CODES: optionalText.transform(list),
  RATE_LIMIT_ACCESS_CODE_PER_IP: wholeNumber('RATE_LIMIT_ACCESS_CODE_PER_IP', 1, 1_000_000, 10, 10),
};

type AccessEnv = { [K in keyof typeof accessEnvShape]: z.infer<(typeof accessEnvShape)[K]> };

export function accessConfigFrom(e: AccessEnv): AccessConfig {
  return { codes: e.ACCESS_CODES, wrongCodesPerIp: e.RATE_LIMIT_ACCESS_CODE_PER_IP };
}
