import { formatNumber } from '../domain/numbers.js';
import { ExitCode } from '../errors.js';
import { copyToClipboard } from './clipboard.js';
import type { Telling } from './telling.js';

/** What is said of a copy, per language; `name` is the caller's ("the e-mail", « l’e-mail »: masculine in French). */
const COPY_WORDS = {
  en: {
    copied: (name: string, length: number, program: string) =>
      `Copied ${name} (${formatNumber(length, 'en')} characters) to the clipboard with ${program}.`,
    sentOsc52: (name: string, length: number) =>
      `Sent ${name} (${formatNumber(length, 'en')} characters) to the terminal for its clipboard (OSC 52); terminals that do not allow it drop it silently, so paste to check.`,
    copyCause: {
      nothing: 'no clipboard program (wl-copy, xclip, xsel, pbcopy) and no terminal for OSC 52',
      'too-long': 'too long for the terminal to copy (OSC 52)',
    },
    notCopied: (name: string, reason: string) =>
      `could not copy ${name} to the clipboard (${reason}); it is printed above.`,
  },
  fr: {
    copied: (name: string, length: number, program: string) =>
      `${sentenceStart(name)} (${formatNumber(length, 'fr')} caract\u00e8res) copi\u00e9 dans le presse-papiers avec ${program}.`,
    sentOsc52: (name: string, length: number) =>
      `${sentenceStart(name)} (${formatNumber(length, 'fr')} caract\u00e8res) envoy\u00e9 au terminal pour son presse-papiers (OSC 52)\u202f; les terminaux qui ne l\u2019autorisent pas l\u2019ignorent sans rien dire, collez-le pour v\u00e9rifier.`,
    copyCause: {
      nothing: 'aucun programme de presse-papiers (wl-copy, xclip, xsel, pbcopy) ni terminal pour OSC 52',
      'too-long': 'trop long pour que le terminal le copie (OSC 52)',
    },
    notCopied: (name: string, reason: string) =>
      `impossible de copier ${name} dans le presse-papiers (${reason})\u202f; il est affich\u00e9 ci-dessus.`,
  },
} as const;

function sentenceStart(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Copies a text already printed to the clipboard (a program, else OSC 52 through the terminal) and says on stderr
 * what became of it, `name` naming the text in the session's language; when it could not be copied, a warning and
 * the service exit code (1).
 */
export async function copyAndSay(run: Telling, text: string, name: string): Promise<number | void> {
  const words = COPY_WORDS[run.lang];
  const terminal = run.stderr.isTTY ? run.stderr : run.stdout.isTTY ? run.stdout : undefined;
  const outcome = await copyToClipboard(text, run.io.env, terminal);
  if (outcome.kind === 'program') run.note(words.copied(name, text.length, outcome.program));
  // The terminal never says whether it took an OSC 52 text (many drop it unless allowed): say it was sent, not that it arrived.
  else if (outcome.kind === 'osc52') run.note(words.sentOsc52(name, text.length));
  else {
    run.warn(words.notCopied(name, outcome.cause === 'programs' ? outcome.reason : words.copyCause[outcome.cause]));
    return ExitCode.service;
  }
}
