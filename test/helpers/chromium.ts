// Chromium's path and flags live with the bench's (one list for the browser tests and the desk page's bench).
export { CHROMIUM, CHROMIUM_ARGS } from '../../bench/lib/chromium.mjs';
