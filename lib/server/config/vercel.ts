import 'server-only';

// The checks only a Vercel deployment needs (see index.ts, which runs them after parsing).

interface ConfigIssue {
  variable: string;
  message: string;
}

interface VercelInputs {
  VERCEL?: string;
  DATABASE_URL: string | null;
  SESSION_SECRET: string | null;
}

/**
 * Vercel sets VERCEL=1 in every function. Its functions keep nothing on local disk and many
 * instances serve one deployment, so the embedded database and a generated secret cannot work.
 */
export function vercelIssues(e: VercelInputs): ConfigIssue[] {
  if (e.VERCEL !== '1') return [];
  const issues: ConfigIssue[] = [];
  if (!e.DATABASE_URL) {
    issues.push({
      variable: 'DATABASE_URL',
      message:
        'DATABASE_URL must be set on Vercel (VERCEL=1): functions keep nothing on disk, so the embedded database would lose every conversation. Create a Postgres database (Neon, from the Vercel Marketplace: Storage → Create Database) and connect it to the project, or paste its postgres:// connection string in Settings → Environment Variables',
    });
  }
  if (!e.SESSION_SECRET) {
    issues.push({
      variable: 'SESSION_SECRET',
      message:
        'SESSION_SECRET must be set on Vercel (VERCEL=1): every function instance must sign guest cookies with the same secret. Generate one with `openssl rand -base64 32` and add it in Settings → Environment Variables',
    });
  }
  return issues;
}
