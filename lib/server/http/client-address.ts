// The client's network address, for per-address limits. Route handlers never see the socket, so
// this trusts the last X-Forwarded-For entry: the address the nearest proxy saw (Vercel sets the
// header itself; nginx's $proxy_add_x_forwarded_for appends it). A `next start` exposed
// directly keeps a client-sent header, so there a client can pick its own address (README).

interface HeaderSource {
  get(name: string): string | null;
}

export function clientAddress(headers: HeaderSource): string {
  const forwarded = headers
    .get('x-forwarded-for')
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const address = forwarded?.at(-1) ?? headers.get('x-real-ip')?.trim() ?? '';
  // Bounded and printable: it becomes part of a database key.
  return /^[0-9A-Za-z.:%_-]{1,64}$/.test(address) ? address.toLowerCase() : 'unknown';
}
