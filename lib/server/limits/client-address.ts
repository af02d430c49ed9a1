import 'server-only';
import { getConfig } from '@/lib/server/config';
import { SOCKET_ADDRESS_HEADER } from './socket-address-header';

// The client's network address, for per-address limits. Route handlers never see the socket:
// socket-address.ts (installed at start by instrumentation.ts) copies the connection's address
// into a header of its own on every request, overwriting whatever a client sent under that name.
// X-Forwarded-For is believed only where a proxy sets it (VERCEL=1, or TRUST_PROXY=true): its
// last entry is the address the nearest proxy saw (Vercel sets the header itself; nginx's
// $proxy_add_x_forwarded_for appends it). Anywhere else a client could write its own.

interface HeaderSource {
  get(name: string): string | null;
}

/** Pure: the address a request came from, given whether a proxy in front is trusted. */
export function addressFrom(headers: HeaderSource, trustProxy: boolean): string {
  let address = '';
  if (trustProxy) {
    const forwarded = headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    address = forwarded?.at(-1) ?? headers.get('x-real-ip')?.trim() ?? '';
  }
  address ||= headers.get(SOCKET_ADDRESS_HEADER)?.trim() ?? '';
  // An IPv4 client of a dual-stack socket is one client, however it is written.
  address = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  // Bounded and printable: it becomes part of a database key.
  return /^[0-9A-Za-z.:%_-]{1,64}$/.test(address) ? address.toLowerCase() : 'unknown';
}

export function clientAddress(headers: HeaderSource): string {
  return addressFrom(headers, getConfig().rateLimits.trustProxy);
}
