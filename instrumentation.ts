// Next calls register() once per server instance before it serves a request (`next start`, the
// standalone server, every Vercel function instance). Configuration is checked here so a bad
// variable stops the server at start, not at some user's first request.
// Keep it cheap: no database work (PGlite takes seconds to open; it opens on first use).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { checkConfigAtStartup } = await import('@/lib/server/http/startup');
  checkConfigAtStartup();
  // Per-address limits need the connection's address, which route handlers cannot see.
  const { recordSocketAddresses } = await import('@/lib/server/http/socket-address');
  recordSocketAddresses();
}
