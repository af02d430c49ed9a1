import 'server-only';
import { isIP } from 'node:net';
import type { HostConfig } from '@/lib/server/config/hosts';

// The Host check (DNS rebinding): proxy.ts runs it first for pages and the route guard first for
// API routes, before any cookie is set, any database row read or any upstream called. Every
// host a request names must be allowed: Host, and X-Forwarded-Host too, since a script on the
// rebound page may set that header itself.

interface HeaderSource {
  get(name: string): string | null;
}

/** The lower-case host name of a Host value (`Name.example:3000` → `name.example`); null if bad. */
export function hostNameOf(value: string): string | null {
  try {
    const url = new URL(`http://${value.trim()}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Whether requests naming `hostname` (as hostNameOf gives it) are this deployment's own. */
export function hostAllowed(hostname: string, names: readonly string[]): boolean {
  // A literal address cannot be rebound, and localhost names never leave the machine.
  if (isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return true;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return names.some(
    (name) =>
      name === '*' ||
      name === hostname ||
      (name.startsWith('*.') && hostname.endsWith(name.slice(1))),
  );
}

/** Every host the request names that is not allowed (empty: the request may go on). */
export function foreignHosts(headers: HeaderSource, config: HostConfig): string[] {
  const named = [headers.get('host'), ...(headers.get('x-forwarded-host') ?? '').split(',')]
    .map((value) => value?.trim() ?? '')
    .filter(Boolean);
  return named.filter((value) => {
    const name = hostNameOf(value);
    return name === null || !hostAllowed(name, config.names);
  });
}

/** What a refused request is told: the name it used and the variable that would allow it. */
export function foreignHostMessage(host: string): string {
  const shown = JSON.stringify(host.slice(0, 100));
  return `This Parley does not answer to the host name ${shown}. If that is its address, add the name to ALLOWED_HOSTS (or set APP_URL to the address people open it at) and restart it.`;
}
