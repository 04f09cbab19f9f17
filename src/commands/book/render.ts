import type { BookingEmail } from '../../booking/compose.js';
import type { BookingOutput } from '../../booking/request-output.js';
import type { BookPart } from './draft.js';

export type { BookingDestinations, BookingOutput } from '../../booking/request-output.js';
export { bookingJson, buildBookingOutput } from '../../booking/request-output.js';

/** The e-mail as a reader sees it: To and Subject lines, a blank line, the body. */
export function emailText(email: BookingEmail): string {
  return `To: ${email.to}\nSubject: ${email.subject}\n\n${email.body}\n`;
}

/** The text `book` prints: one part alone, or the e-mail, then the mailto: link, then the form link. */
export function bookingText(output: BookingOutput, part: BookPart | undefined): string {
  if (part === 'mailto') return `${output.mailto}\n`;
  if (part === 'form') return `${output.formUrl}\n`;
  if (part === 'text') return emailText(output.email);
  return `${emailText(output.email)}\n${output.mailto}\n\n${output.formUrl}\n`;
}
