import 'server-only';

// The public origin of the current request, for absolute URLs in link previews (Open Graph
// scrapers need them). Behind a proxy the forwarded headers name what the visitor typed.

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

export function requestOrigin(headers: { get(name: string): string | null }): URL {
  const first = (name: string) => headers.get(name)?.split(',')[0]?.trim() || null;
  const host = first('x-forwarded-host') ?? first('host');
  const proto = first('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return new URL(host && HOST.test(host) ? `${proto}://${host}` : 'http://localhost');
}
