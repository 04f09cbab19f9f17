import type { BookingLang } from '../booking/lang.js';

/** One row as the page shows it. */
export type DayRowView =
  | {
      line: number;
      status: 'drafted';
      file: string;
      summary: string;
      subject: string;
      notes: string[];
      /** The draft is written, but a warning says to check it before sending. */
      check: boolean;
    }
  | { line: number; status: 'refused'; reasons: string[]; notes: string[] };

const base = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'file';

/** What the desk writes about a day's file, in the session's language. */
export const DAY_WORDING = {
  fr: {
    reportFile: 'rapport.txt',
    zipFile: (name: string) => `brouillons-${base(name)}.zip`,
    heading: (source: string, drafted: number, refused: number, total: number) =>
      `${source}\u00a0: ${drafted} brouillon${drafted === 1 ? '' : 's'}, ${refused} demande${refused === 1 ? '' : 's'} refus\u00e9e${refused === 1 ? '' : 's'} (${total} ligne${total === 1 ? '' : 's'}).`,
    drafted: (line: number, file: string, check: boolean) =>
      `ligne ${line}\u00a0: brouillon ${file}${check ? ' (\u00e0 v\u00e9rifier)' : ''}`,
    refused: (line: number, reasons: string) => `ligne ${line}\u00a0: refus\u00e9e \u2014 ${reasons}`,
    note: (text: string) => `  note\u00a0: ${text}`,
  },
  en: {
    reportFile: 'report.txt',
    zipFile: (name: string) => `drafts-${base(name)}.zip`,
    heading: (source: string, drafted: number, refused: number, total: number) =>
      `${source}: ${drafted} draft${drafted === 1 ? '' : 's'}, ${refused} request${refused === 1 ? '' : 's'} refused (${total} row${total === 1 ? '' : 's'}).`,
    drafted: (line: number, file: string, check: boolean) => `line ${line}: draft ${file}${check ? ' (to check)' : ''}`,
    refused: (line: number, reasons: string) => `line ${line}: refused \u2014 ${reasons}`,
    note: (text: string) => `  note: ${text}`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** The report that goes in the zip beside the drafts: one line a row (its draft, or why it was refused), then its notes. */
export function dayReport(day: { source: string; notes: string[]; rows: DayRowView[] }, lang: BookingLang): string {
  const words = DAY_WORDING[lang];
  const drafted = day.rows.filter((row) => row.status === 'drafted').length;
  const lines = [words.heading(day.source, drafted, day.rows.length - drafted, day.rows.length), ''];
  for (const note of day.notes) lines.push(note);
  if (day.notes.length > 0) lines.push('');
  for (const row of day.rows) {
    lines.push(
      row.status === 'drafted'
        ? words.drafted(row.line, row.file, row.check)
        : words.refused(row.line, row.reasons.join(' ')),
    );
    for (const note of row.notes) lines.push(words.note(note));
  }
  return `${lines.join('\r\n')}\r\n`;
}
