// Addresses of the servers Playwright starts (playwright.config.ts); specs import them from here.
// Derived only from env vars so the config, its worker processes and the specs all agree.

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65_535) {
    throw new Error(`${name}=${raw} is not a TCP port number`);
  }
  return value;
}

export const APP_PORT = port('E2E_PORT', 3100);
export const DEMO_APP_PORT = port('E2E_DEMO_PORT', 3101);
export const MOCK_PORT = port('MOCK_PORT', 4010);

/**
 * The SMTP catcher (e2e/smtp-catcher) the demo server sends its account mail to, and its HTTP
 * control port (GET /mails?to=…). Derived from MOCK_PORT so people running side by side differ.
 */
export const SMTP_PORT = port('E2E_SMTP_PORT', 2525 + (MOCK_PORT % 75));
export const MAIL_CONTROL_PORT = port('E2E_MAIL_PORT', MOCK_PORT + 1);
export const MAIL_CONTROL_URL = `http://127.0.0.1:${MAIL_CONTROL_PORT}`;

/** The app under test, wired to the mock upstream. */
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** A second app instance with no upstream configured: it serves the offline demo model. */
export const DEMO_APP_URL = `http://127.0.0.1:${DEMO_APP_PORT}`;
/** Root of the mock upstream; its control API lives under `/__mock/`. */
export const MOCK_CONTROL_URL = `http://127.0.0.1:${MOCK_PORT}`;
/** What the app is given as OPENAI_BASE_URL. */
export const MOCK_UPSTREAM_URL = `${MOCK_CONTROL_URL}/v1`;
/**
 * Build folder shared by `npm test`, Playwright's servers and startApp(). PARLEY_TEST_DIST_DIR
 * points a run at another build, so two people can test their own builds side by side.
 */
export const TEST_DIST_DIR = process.env.PARLEY_TEST_DIST_DIR || '.next-test';
/** API key the app is configured with; the mock upstream rejects requests without it. */
export const E2E_API_KEY = 'test-key-e2e';
/** Model id the app under test is configured with. */
export const E2E_MODEL = 'mock-model';

/**
 * Variables the app reads. Test servers never inherit them from the test process: each server
 * gets exactly the ones its test gives it.
 */
export const APP_CONFIG_VARS = [
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'CHAT_MODEL',
  'CHAT_MODELS',
  'DATABASE_URL',
  'DATABASE_POOL_MAX',
  'PGLITE_DIR',
  'SESSION_SECRET',
  'PORT',
  'MCP_SERVERS',
  'TOOL_APPROVAL',
  'TOOL_MAX_STEPS',
  'TOOL_TIMEOUT_MS',
  'PROVIDERS',
  'CONTEXT_WINDOWS',
  'ATTACHMENT_MAX_FILES',
  'ATTACHMENT_MAX_FILE_MB',
  'ATTACHMENT_MAX_TOTAL_MB',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
  'LIVE_LEASE_MS',
  'ASSISTANTS',
  'ASSISTANTS_FILE',
  'ASSISTANTS_PER_USER',
  'UPSTREAM_IDLE_TIMEOUT_MS',
  // Read straight from the environment by lib/server/db/client.ts.
  'DATABASE_LISTEN',
  // Set by Vercel; makes DATABASE_URL and SESSION_SECRET required.
  'VERCEL',
  'UPSTREAM_BODY_MAX_BYTES',
  'UPSTREAM_EVENT_MAX_BYTES',
  'ANSWER_MAX_CHARS',
  'LOG_LEVEL',
  'RATE_LIMIT_CHAT_PER_USER',
  'RATE_LIMIT_CHAT_PER_IP',
  'RATE_LIMIT_GUESTS_PER_IP',
  'RATE_LIMIT_UPLOADS_PER_USER',
  'RATE_LIMIT_UPLOADS_PER_IP',
  'RATE_LIMIT_UPLOAD_MB_PER_USER',
  'RATE_LIMIT_UPLOAD_MB_PER_IP',
  'RATE_LIMIT_ACCOUNTS_PER_IP',
  'RATE_LIMIT_IMPORTS_PER_USER',
  'RATE_LIMIT_IMPORTS_PER_IP',
  'RATE_LIMIT_FORKS_PER_USER',
  'RATE_LIMIT_FORKS_PER_IP',
  'TOKEN_BUDGET_GUEST',
  'TOKEN_BUDGET_ACCOUNT',
  'TRUST_PROXY',
  'ACCESS_CODES',
  'RATE_LIMIT_ACCESS_CODE_PER_IP',
  'ALLOWED_EMAILS',
  'ALLOW_GUESTS',
  'RATE_LIMIT_SIGN_IN_PER_IP',
  'RATE_LIMIT_CHAT_PER_ACCOUNT',
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_NAME',
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'APP_URL',
  'ALLOWED_HOSTS',
  'SMTP_URL',
  'MAIL_FROM',
  'RATE_LIMIT_MAILS_PER_ADDRESS',
  'RATE_LIMIT_MAILS_PER_IP',
  'ADMIN_EMAILS',
  'MODEL_PRICES',
  // Set by Vercel: the deployment's own host names (allowed by the Host check).
  'VERCEL_URL',
  'VERCEL_BRANCH_URL',
  'VERCEL_PROJECT_PRODUCTION_URL',
] as const;

/**
 * Test servers run without rate limits or budgets: every test is a new guest from 127.0.0.1
 * sending messages, files and accounts as fast as it can, far beyond the defaults. The limits
 * themselves are tested on servers of their own (e2e/integration/guard.test.ts, budgets.test.ts,
 * e2e/specs/security.spec.ts, token-budget.spec.ts).
 */
export const E2E_RATE_LIMITS = {
  RATE_LIMIT_CHAT_PER_USER: '0',
  RATE_LIMIT_CHAT_PER_IP: '0',
  RATE_LIMIT_GUESTS_PER_IP: '0',
  RATE_LIMIT_CHAT_PER_ACCOUNT: '0',
  RATE_LIMIT_UPLOADS_PER_USER: '0',
  RATE_LIMIT_UPLOADS_PER_IP: '0',
  RATE_LIMIT_UPLOAD_MB_PER_USER: '0',
  RATE_LIMIT_UPLOAD_MB_PER_IP: '0',
  RATE_LIMIT_ACCOUNTS_PER_IP: '0',
  RATE_LIMIT_IMPORTS_PER_USER: '0',
  RATE_LIMIT_IMPORTS_PER_IP: '0',
  RATE_LIMIT_FORKS_PER_USER: '0',
  RATE_LIMIT_FORKS_PER_IP: '0',
  TOKEN_BUDGET_GUEST: '0',
  TOKEN_BUDGET_ACCOUNT: '0',
  RATE_LIMIT_MAILS_PER_ADDRESS: '0',
  RATE_LIMIT_MAILS_PER_IP: '0',
} as const;
