import { randomBytes } from 'node:crypto';

// The Content-Security-Policy of every page (proxy.ts sets it with a fresh nonce per request;
// Next puts the nonce on its own scripts). API responses get API_CSP from next.config.mjs.

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface CspOptions {
  /** `next dev` needs eval (React's debugging) and a websocket for hot reload. */
  dev: boolean;
  /** Served over https: every subresource must be too. */
  secure: boolean;
}

export function pageCsp(nonce: string, { dev, secure }: CspOptions): string {
  const directives = [
    "default-src 'self'",
    // strict-dynamic: scripts the nonce'd bootstrap loads (Next's chunks, Shiki's grammars,
    // KaTeX) run; nothing in the page's HTML runs without the nonce (the theme script in
    // app/layout.tsx carries it too).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // Style attributes (KaTeX layout, Shiki colours) are inert; scripts are what the nonce guards.
    "style-src 'self' 'unsafe-inline'",
    // No remote images: an image URL written by a model could carry data out of the page.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (secure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}
