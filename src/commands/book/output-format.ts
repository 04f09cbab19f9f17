import type { OutputSettings } from '../../output/settings.js';
import { UsageError } from '../../errors.js';
import type { BookingLang } from '../../booking/lang.js';
import { BOOK_WORDS } from './words.js';

/**
 * `book` prints an e-mail (text), one JSON document or, for one request, a Markdown summary (`summary`): a row
 * format (csv, tsv) or `--fields` would be silently ignored, so they are refused, saying where the format came from
 * when it was not a flag.
 */
export function assertHonourableOutput(
  settings: OutputSettings,
  formatSource: string | undefined,
  lang: BookingLang,
  summary = false,
): void {
  if (
    settings.formatChosen &&
    (settings.format === 'csv' || settings.format === 'tsv' || (settings.format === 'markdown' && !summary))
  ) {
    const from = formatSource !== undefined && formatSource !== 'flag' ? formatSource : undefined;
    throw new UsageError(BOOK_WORDS[lang].notRows(settings.format, from));
  }
  if (settings.fields !== undefined) throw new UsageError(BOOK_WORDS[lang].noFields);
}
