// The app servers' output during the end-to-end suite: serve-app.mjs writes it to a file per
// port, and the global teardown fails the run if it holds a warning (Node process warnings such
// as MaxListenersExceededWarning, Next's "⚠" lines). Plain JS: serve-app.mjs runs without tsx.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One log per server port; the ports tell concurrent runs apart. */
export function serverLogPath(port) {
  return join(tmpdir(), `parley-e2e-server-${port}.log`);
}

const WARNING = [
  /\(node:\d+\) \[?\w*\]? ?\w*Warning\b/, // Node: "(node:123) MaxListenersExceededWarning: …"
  /^\s*⚠ /u, // Next: "⚠ metadataBase property …"
  /\bWarning: /, // React and libraries: "Warning: Each child in a list …"
];

/** The lines of a server log that are warnings. */
export function findWarnings(text) {
  return text.split('\n').filter((line) => WARNING.some((pattern) => pattern.test(line)));
}
