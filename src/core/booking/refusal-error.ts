import { problemsError } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';
import { NotFoundError, UsageError } from '../../errors.js';
import type { BookingRefusal } from './types.js';

/**
 * A refusal as the error a face throws or returns: exit 4 when no upcoming trip has the id, else exit 2; its reasons
 * (several numbered on one line, counted in `lang`), then `advice`, the face's own words for what to do next (its
 * flags, its tools); `url` is the listing a missing id was looked for in.
 */
export function refusalError(
  refusal: BookingRefusal,
  advice = '',
  { url = '', lang = 'en' }: { url?: string; lang?: BookingLang } = {},
): UsageError | NotFoundError {
  const said = refusal.reasons.length > 1 ? problemsError(refusal.reasons, lang).message : (refusal.reasons[0] ?? '');
  const message = advice === '' ? said : `${said} ${advice}`;
  return refusal.kind === 'no-trip' ? new NotFoundError(message, 404, url) : new UsageError(message);
}
