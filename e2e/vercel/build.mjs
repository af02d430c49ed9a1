// `npm run test:vercel`, step 1: `vercel build` offline, as Vercel would build a deployment.
// Writes the local project settings Vercel would pull (.vercel/project.json, git-ignored):
// framework Next.js on Node.js 24.x. No account, token or network needed. The output lands in
// .vercel/output, which e2e/vercel/output.test.ts reads. Next.js builds into a folder of its own
// (.next-vercel, the project's output directory setting): rebuilding .next in place would
// break a `npm start` running from it (every static chunk would answer 500).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const vercelDir = join(ROOT, '.vercel');
const DIST_DIR = '.next-vercel';

mkdirSync(vercelDir, { recursive: true });
rmSync(join(vercelDir, 'output'), { recursive: true, force: true });
writeFileSync(
  join(vercelDir, 'project.json'),
  `${JSON.stringify(
    {
      projectId: 'prj_parley_local',
      orgId: 'team_parley_local',
      settings: { framework: 'nextjs', nodeVersion: '24.x', outputDirectory: DIST_DIR },
    },
    null,
    2,
  )}\n`,
);

const env = { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' };
// The build must not pick up a test build folder or a developer's database settings.
for (const name of ['DATABASE_URL', 'PGLITE_DIR', 'SESSION_SECRET']) delete env[name];
env.NEXT_DIST_DIR = DIST_DIR;

const started = Date.now();
const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'vercel'), ['build', '--yes'], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
console.log(
  `vercel build: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
process.exit(result.status ?? 1);
