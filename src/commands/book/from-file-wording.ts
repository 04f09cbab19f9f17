import type { BookingLang } from '../../booking/lang.js';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What `book --from-file` says about a file of requests, in the session's language. */
export const FROM_FILE_WORDING = {
  en: {
    invalid: (source: string, count: number, total: number) =>
      `${source}: ${count} of ${total} requests are invalid, so nothing was written (--skip-invalid writes the others):`,
    row: (line: number) => `line ${line}:`,
    at: (source: string, line: number) => `${source} line ${line}:`,
    leftOut: 'Left out (--skip-invalid).',
    wrote: (count: number, folder: string) => `Wrote ${plural(count, 'draft')} to ${folder}.`,
    noneWritten: 'No draft was written.',
    renamed: (folder: string, names: string) =>
      `Another program wrote into ${folder} meanwhile; written under a new name: ${names}.`,
  },
  fr: {
    invalid: (source: string, count: number, total: number) =>
      `${source}\u00a0: ${count} demande${count === 1 ? '' : 's'} sur ${total} ${count === 1 ? 'est invalide' : 'sont invalides'}, rien n\u2019a donc \u00e9t\u00e9 \u00e9crit (--skip-invalid \u00e9crit les autres)\u00a0:`,
    row: (line: number) => `ligne ${line}\u00a0:`,
    at: (source: string, line: number) => `${source}, ligne ${line}\u00a0:`,
    leftOut: 'Laiss\u00e9e de c\u00f4t\u00e9 (--skip-invalid).',
    wrote: (count: number, folder: string) =>
      `${plural(count, 'brouillon')} \u00e9crit${count === 1 ? '' : 's'} dans ${folder}.`,
    noneWritten: 'Aucun brouillon n\u2019a \u00e9t\u00e9 \u00e9crit.',
    renamed: (folder: string, names: string) =>
      `Un autre programme a \u00e9crit dans ${folder} entre-temps\u00a0; \u00e9crit sous un autre nom\u00a0: ${names}.`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;
