// Finds (and on a bare Debian CI machine, installs) the Chromium used by Playwright.
// Plain Node ESM with no dependencies: `.ci/run` calls it before `npm ci`.
// `npx playwright install` cannot download browsers here, so Debian's package is the default.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags Chromium needs on these machines: root (no sandbox) and a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function playwrightChromium() {
  try {
    // playwright-core is CommonJS, so a synchronous require keeps findChromium() usable at config load.
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    // Not installed yet (before `npm ci`) or no browser downloaded: not an error, just not found.
    return null;
  }
}

/**
 * The Chromium executable to use, or null. Never installs anything.
 * Order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, a Playwright-downloaded browser.
 * @returns {string | null}
 */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
}

function canAptInstall() {
  if (process.platform !== 'linux') return false;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return false;
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

function installWithApt() {
  console.log('Chromium not found: installing Debian package "chromium" with apt-get.');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
}

function printHowToInstall() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) console.error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
  console.error(
    [
      'No Chromium found for the end-to-end tests. Install one of:',
      '  Debian/Ubuntu:  sudo apt-get install -y chromium   (found at /usr/bin/chromium)',
      '  macOS:          brew install --cask chromium        (then set CHROMIUM_PATH)',
      '  any platform:   npx playwright install chromium     (needs internet access)',
      'or point CHROMIUM_PATH at an existing Chromium/Chrome executable.',
    ].join('\n'),
  );
}

function version(path) {
  try {
    return execFileSync(path, ['--version', ...CHROMIUM_ARGS], {
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** Finds Chromium, installing it with apt-get when that is possible. Returns its path or exits 1. */
export function ensureChromium() {
  let path = findChromium();
  if (!path && !process.env.CHROMIUM_PATH && canAptInstall()) {
    try {
      installWithApt();
    } catch (error) {
      console.error(
        `Installing Chromium failed: ${error instanceof Error ? error.message : error}`,
      );
      process.exit(1);
    }
    path = findChromium();
  }
  if (!path) {
    printHowToInstall();
    process.exit(1);
  }
  const v = version(path);
  if (!v) {
    console.error(`Chromium at ${path} does not run (\`${path} --version\` failed).`);
    process.exit(1);
  }
  console.log(`Chromium: ${path} (${v})`);
  return path;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) ensureChromium();
