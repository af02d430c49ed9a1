// Headers every response carries; pages get their Content-Security-Policy (with a per-request
// nonce) from proxy.ts, API responses the fixed one below: they are data, never a document.
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // frame-ancestors in the CSP is the modern form; this covers browsers that predate it.
  { key: 'X-Frame-Options', value: 'DENY' },
];
const PDF_READER = [
  './lib/server/attachments/pdf-worker.mjs',
  './node_modules/unpdf/package.json',
  './node_modules/unpdf/dist/*.mjs',
];
// The embedded database (PGlite) runs in a worker thread (lib/server/db/pglite-thread.ts).
// Turbopack bundles the worker as an entry of its own, but PGlite stays in node_modules
// (serverExternalPackages) and reads its WebAssembly and data files at run time: ship them. The
// worker's own file is for a build that loads it by path instead (webpack).
const EMBEDDED_DATABASE = [
  './lib/server/db/pglite-worker.mjs',
  './node_modules/@electric-sql/pglite/package.json',
  './node_modules/@electric-sql/pglite/dist/**/*',
];
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A self-contained server in <distDir>/standalone (Docker, any Node host); Vercel ignores it.
  output: 'standalone',
  // The migrations are read from disk at run time, so file tracing cannot see them: ship them
  // with every server function (standalone folder, Vercel functions); PGlite's files likewise.
  // The PDF reader runs in a worker thread (lib/server/attachments/extract.ts) that Turbopack
  // bundles with pdf.js; a build that loads it by path (webpack) needs it, and pdf.js, shipped
  // with the routes that read uploaded files.
  outputFileTracingIncludes: {
    '/**': ['./drizzle/**/*', ...EMBEDDED_DATABASE],
    '/api/attachments': PDF_READER,
    '/api/import': PDF_READER,
  },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite'],
  // Each build (dev, prod, tests) can use its own folder so concurrent runs never share state.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Source maps for the browser chunks only when asked: e2e/bench/first-load-contents.mjs reads
  // them to say which packages fill the first-load JavaScript. Off by default (no source shipped).
  productionBrowserSourceMaps: process.env.PARLEY_BROWSER_SOURCE_MAPS === '1',
  // proxy.ts then sees the URL the server itself resolves rewrites against. Without it the proxy
  // sees http://localhost:<port>, so a rewrite to a page of this app (an unknown shared link)
  // counts as a rewrite to another site and is fetched over the network, which hangs when the
  // server listens only on 127.0.0.1.
  skipProxyUrlNormalize: true,
  reactStrictMode: true,
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      // Files, the owner's and a shared link's, carry their own policy with `sandbox`
      // (lib/server/attachments/serve.ts); this one would replace it.
      {
        source: '/api/:path((?!attachments/|shares/[^/]+/attachments/).*)',
        headers: [{ key: 'Content-Security-Policy', value: API_CSP }],
      },
    ];
  },
};

export default nextConfig;
