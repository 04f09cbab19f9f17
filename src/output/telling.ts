import type { OutputStream } from './stdout.js';

/**
 * What output machinery needs of a run to say what became of an action (a link opened, a text copied): stdout for
 * what the user takes by hand, notes and warnings on stderr in the session's language, the environment. The CLI's
 * `Context` is one.
 */
export interface Telling {
  readonly lang: 'en' | 'fr';
  readonly stdout: OutputStream & { isTTY?: boolean };
  readonly stderr: { isTTY?: boolean; write(text: string): unknown };
  readonly io: { readonly env: NodeJS.ProcessEnv };
  note(text: string): void;
  warn(text: string): void;
}
