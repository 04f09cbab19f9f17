import type { OutputSettings } from '../../output/settings.js';
import { UsageError } from '../../errors.js';
import type { BookingLang } from '../../booking/lang.js';
import { BOOK_WORDS } from './words.js';

/**
 * `book` prints an e-mail (text) or one JSON document: a row format (csv, tsv) or `--fields` would be silently
 * ignored, so they are refused, saying where the format came from when it was not a flag.
 */
export function assertHonourableOutput(
  settings: OutputSettings,
  formatSource: string | undefined,
  lang: BookingLang,
): void {
  if (
    settings.formatChosen &&
    (settings.format === 'csv' || settings.format === 'tsv' || settings.format === 'markdown')
  ) {
    const from = formatSource !== undefined && formatSource !== 'flag' ? formatSource : undefined;
    throw new UsageError(BOOK_WORDS[lang].notRows(settings.format, from));
  }
  if (settings.fields !== undefined) throw new UsageError(BOOK_WORDS[lang].noFields);
}
