import type { OutputSettings } from '../../output/settings.js';
import { UsageError } from '../../errors.js';

/**
 * `book` prints an e-mail (text) or one JSON document: a row format (csv, tsv) or `--fields` would be silently
 * ignored, so they are refused, saying where the format came from when it was not a flag.
 */
export function assertHonourableOutput(settings: OutputSettings, formatSource: string | undefined): void {
  if (
    settings.formatChosen &&
    (settings.format === 'csv' || settings.format === 'tsv' || settings.format === 'markdown')
  ) {
    const from = formatSource !== undefined && formatSource !== 'flag' ? ` (from the ${formatSource})` : '';
    throw new UsageError(
      `book prints an e-mail, not rows: --format ${settings.format}${from} cannot be honoured; use --json for one JSON document, or --format table for the text.`,
    );
  }
  if (settings.fields !== undefined) {
    throw new UsageError(
      'book prints the whole request: --fields cannot be honoured; use --json and pick fields from the document.',
    );
  }
}
