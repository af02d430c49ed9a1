/** Flags Chromium needs on these machines: root (no sandbox) and a closed network. */
export declare const CHROMIUM_ARGS: readonly string[];
/** The Chromium executable to use, or null. Never installs anything. */
export declare function findChromium(): string | null;
/** Finds Chromium, installing it with apt-get when possible; exits the process when it cannot. */
export declare function ensureChromium(): string;
