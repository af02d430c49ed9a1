// The import check (`npm run lint`): Parley's parts and the arrows between them, as README's
// "How Parley is built" draws them. A circle, a "never" arrow or an arrow the picture does not
// allow fails the check. Tests and test support may reach anywhere; production code may not.

const part = {
  routes: '^app/',
  ui: '^components/',
  store: '^lib/store/',
  queries: '^lib/queries/',
  core: '^lib/openai/',
  // Pure types and helpers both sides use; lib/*.ts are small pure helpers (theme, shortcuts);
  // lib/admin/ the admin page's answer schemas, CSV, sorting and chart data.
  shared: '^lib/(chat/|share/|admin/|[^/]+$)',
  server: '^lib/server/(?!db/)',
  storage: '^lib/(db/|server/db/)',
};
// Inside Server, layers from the bottom; a module uses only its own layer and those below it.
// Every module under lib/server/ sits in exactly one (the last rule below checks it).
const layer = {
  // The one validated configuration, the logger, the error type.
  foundations: '^lib/server/(config|log|errors)/',
  // The database client at its bottom (its start-up sweeps use the repositories), the
  // repositories (all SQL), the process-wide database, where attachment bytes are kept.
  storage: '^lib/server/db/',
  // What Parley does: one folder per service. A service's `http.ts` (turning its results into
  // responses) belongs to the HTTP layer.
  domain:
    '^lib/server/(access|admin|assistants|attachments|auth|chat|export|limits|live|mail|providers|share|tools|upstream)/(?!http\\.ts$)',
  // The route guard, identity, per-route limits, start-up, health, and the services' http.ts.
  http: '^lib/server/(http/|[^/]+/http\\.ts$)',
};

// Tests, and helpers only tests use: e2e/, *.test.ts(x), a `testing/` folder or `testing.ts`.
const tests = '(\\.test\\.tsx?$|^e2e/|/testing(/|\\.ts$))';
const browser = [part.ui, part.store, part.queries, part.shared];

const never = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: tests },
  to: { path: to, ...extra },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import circles make start-up order fragile and parts impossible to take apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    never(
      'core-is-pure',
      'Core imports nothing of the app: it stays pure and portable.',
      part.core,
      '^(app|components|lib|e2e)/',
      { pathNot: part.core },
    ),
    never('no-server-in-browser', 'No server code or SQL in the browser.', browser, [
      part.server,
      part.storage,
    ]),
    never(
      'store-not-queries',
      'Live state and server state stay apart; a hook in UI joins them.',
      part.store,
      part.queries,
    ),
    never(
      'queries-not-store',
      'Live state and server state stay apart; a hook in UI joins them.',
      part.queries,
      part.store,
    ),
    never(
      'storage-not-server',
      'Storage knows nothing of the chat service or sharing; it stands on the foundations.',
      part.storage,
      part.server,
      { pathNot: layer.foundations },
    ),
    never('lib-not-routes', 'Nothing under lib/ imports from app/.', '^lib/', part.routes),
    never(
      'shared-is-shared',
      'Shared code is used by both sides, so it needs neither.',
      part.shared,
      [part.ui, part.store, part.queries, part.routes],
    ),
    never(
      'shared-uses-core-types-only',
      'Shared may name Core types (a stream state), never run Core.',
      part.shared,
      part.core,
      { dependencyTypesNot: ['type-only'] },
    ),
    never(
      'ui-not-core',
      'UI renders what the store and queries hold; the stream driver runs Core.',
      part.ui,
      part.core,
    ),
    never(
      'queries-only-shared',
      'Queries fetch the API and speak its shared types.',
      part.queries,
      [part.ui, part.core],
    ),
    never('store-not-ui', 'The store drives UI, never the other way round.', part.store, part.ui),
    never(
      'server-not-ui',
      'Server code renders no components and holds no browser state.',
      [part.server, part.storage],
      [part.ui, part.store, part.queries],
    ),
    never(
      'ui-not-routes',
      'Components never import pages or route handlers.',
      part.ui,
      part.routes,
    ),
    never(
      'routes-through-server-and-ui',
      'Routes call Server and render UI (and use Shared helpers); the rest goes through those.',
      part.routes,
      [part.store, part.queries, part.core, part.storage],
    ),
    never(
      'storage-only-shared',
      'Storage speaks the schema and Shared types, nothing else of the app.',
      part.storage,
      [part.core, part.ui, part.store, part.queries, part.routes],
    ),
    never(
      'server-layer-foundations',
      'Foundations (config, log, errors, database client) use nothing above them.',
      layer.foundations,
      [layer.storage, layer.domain, layer.http],
    ),
    never(
      'server-layer-storage',
      'Storage (repositories) uses only foundations: no service, no HTTP.',
      layer.storage,
      [layer.domain, layer.http],
    ),
    never(
      'server-layer-domain',
      'Services use storage and foundations (and each other), never the HTTP layer above them.',
      layer.domain,
      layer.http,
    ),
    {
      name: 'server-module-in-a-layer',
      comment:
        'Every module under lib/server/ sits in a layer (add a new service folder to layer.domain).',
      severity: 'error',
      from: {
        path: '^lib/server/',
        pathNot: [tests, layer.foundations, layer.storage, layer.domain, layer.http],
      },
      to: {},
    },
    {
      name: 'no-test-code-in-production',
      comment:
        'Test-only helpers live beside the tests (e2e/ or *.test.ts), not in production code.',
      severity: 'error',
      from: { pathNot: tests },
      to: { path: tests },
    },
  ],
  options: {
    exclude: { path: '^(node_modules|\\.next[^/]*|test-results|playwright-report|\\.data)/' },
    includeOnly: '^(app|components|lib|e2e)/|^(proxy|instrumentation)\\.ts$',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
