import 'server-only';
import type { z } from 'zod';
import { isHttpUrl, optionalText } from './values';

// The host names this deployment answers to (index.ts spreads `hostEnvShape` into its schema and
// calls `hostConfigFrom`). A request naming any other host is refused (lib/server/http/host.ts):
// a page of another site whose name was made to resolve to this server (DNS rebinding) could
// otherwise use it as its own. IP literals and localhost are always allowed: rebinding needs a
// name the attacker controls.

export interface HostConfig {
  /** APP_URL: the public address, e.g. https://chat.example.com; null when unset. */
  appUrl: string | null;
  /**
   * Lower-case names: APP_URL's host, Vercel's deployment hosts, ALLOWED_HOSTS. An entry
   * `*.example.com` allows every name under example.com; `*` alone turns the check off.
   */
  names: string[];
}

const NAME = /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+$/;

/** The entries of ALLOWED_HOSTS that are not a plain host name (no scheme, port or path). */
function badNames(entries: readonly string[]): string[] {
  return entries.filter((entry) => entry !== '*' && !NAME.test(entry));
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);

/** Vercel's variables hold a bare host (`parley-abc.vercel.app`); read leniently, never refused. */
function hostOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value.includes('://') ? value : `https://${value}`).hostname || null;
  } catch {
    return null;
  }
}

export const hostEnvShape = {
  APP_URL: optionalText
    .refine((v) => v === undefined || isHttpUrl(v), {
      error: (issue) =>
        `APP_URL must be the http(s) address people open Parley at, such as https://chat.example.com (got ${JSON.stringify(issue.input)}), or be left unset`,
    })
    .transform((v) => (v === undefined ? null : new URL(v).origin)),
  ALLOWED_HOSTS: optionalText.transform(list).refine((entries) => badNames(entries).length === 0, {
    error: (issue) =>
      `ALLOWED_HOSTS must be a comma-separated list of host names without scheme or port, such as chat.example.com, parley.lan or *.example.com (got ${JSON.stringify(badNames(issue.input as string[]).join(', '))})`,
  }),
  VERCEL_URL: optionalText,
  VERCEL_BRANCH_URL: optionalText,
  VERCEL_PROJECT_PRODUCTION_URL: optionalText,
};

type HostEnv = z.infer<z.ZodObject<typeof hostEnvShape>>;

export function hostConfigFrom(e: HostEnv): HostConfig {
  const names = [
    hostOf(e.APP_URL ?? undefined),
    hostOf(e.VERCEL_URL),
    hostOf(e.VERCEL_BRANCH_URL),
    hostOf(e.VERCEL_PROJECT_PRODUCTION_URL),
    ...e.ALLOWED_HOSTS,
  ].filter((name): name is string => name !== null);
  return { appUrl: e.APP_URL, names: [...new Set(names)] };
}
