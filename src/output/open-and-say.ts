import { ExitCode } from '../errors.js';
import { openLink, type OpenOutcome } from './open-link.js';
import { writeSafely } from './stdout.js';
import type { Telling } from './telling.js';

/** What is opened, as the caller names it in the session's language. */
export interface OpenedThing {
  /** How a failure names it: "the e-mail", « l’e-mail » (French sentences take it as masculine: « le voici »). */
  name: string;
  /** The note once it opened: "Opened the e-mail (mail client)." */
  opened: string;
}

/** What is said when nothing could be opened, per language. */
const OPEN_WORDS = {
  en: {
    openerStopped: (code: number | null, signal: string | null) =>
      signal ? `the opener was stopped by ${signal}` : `the opener exited with code ${code}`,
    notOpened: (name: string, reason: string) => `could not open ${name} (${reason}); here it is to open yourself.`,
  },
  fr: {
    openerStopped: (code: number | null, signal: string | null) =>
      signal
        ? `le programme d\u2019ouverture a \u00e9t\u00e9 arr\u00eat\u00e9 par ${signal}`
        : `le programme d\u2019ouverture a fini avec le code ${code}`,
    notOpened: (name: string, reason: string) =>
      `impossible d\u2019ouvrir ${name} (${reason})\u202f; le voici, \u00e0 ouvrir vous-m\u00eame.`,
  },
} as const;

/**
 * Opens a link or file and says what happened: the caller's note once opened, "would open: …" on stdout on a dry run
 * (MOTOROUTE_NO_OPEN); when nothing could be opened, a warning with the reason, the target printed to open by hand,
 * and the service exit code (1).
 */
export async function openAndSay(run: Telling, target: string, thing: OpenedThing): Promise<number | void> {
  const outcome = await openLink(target, run.io.env);
  if (outcome.kind === 'skipped') await writeSafely(run.stdout, `would open: ${target}\n`);
  else if (outcome.kind === 'opened') run.note(thing.opened);
  else {
    // The target is still printed, so nothing is lost; the exit code says that nothing was opened.
    run.warn(OPEN_WORDS[run.lang].notOpened(thing.name, whyNotOpened(outcome, run.lang)));
    await writeSafely(run.stdout, `${target}\n`);
    return ExitCode.service;
  }
}

/** Why nothing was opened, in the session's language when the opener ran and ended badly (else the system's words). */
export function whyNotOpened(outcome: Extract<OpenOutcome, { kind: 'failed' }>, lang: Telling['lang']): string {
  const { stopped } = outcome;
  return stopped ? OPEN_WORDS[lang].openerStopped(stopped.code, stopped.signal) : outcome.reason;
}
