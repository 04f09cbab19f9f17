// Types of chromium.mjs (a plain module: the bench runs under node without a compiler).

/** Debian's Chromium, driven through playwright-core. */
export const CHROMIUM: string;
/** Headless on a closed network: no sandbox as root, and none of the background requests this machine refuses. */
export const CHROMIUM_ARGS: string[];
