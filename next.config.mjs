/** @type {import('next').NextConfig} */
const nextConfig = {
  // A self-contained server in <distDir>/standalone (Docker, any Node host); Vercel ignores it.
  output: 'standalone',
  // The migrations are read from disk at run time, so file tracing cannot see them: ship them
  // with every server function (standalone folder, Vercel functions).
  outputFileTracingIncludes: { '/**': ['./drizzle/**/*'] },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'unpdf'],
  // Each build (dev, prod, tests) can use its own folder so concurrent runs never share state.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
