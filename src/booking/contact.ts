import { UsageError } from '../errors.js';

// Deliberately simple checks that catch typos, not a full RFC 5322 parser: the service replies by hand.
// Letters and digits of any script are allowed (RFC 6531 local parts, internationalised domain names: jérôme@exemple.fr).
// Built on first use: V8 builds a \p{…} class as the literal is evaluated (~0.4 ms each), and the runs that load
// this file (help, completion, show, mcp, book without --email) mostly check no address.
let builtEmailPatterns: { local: RegExp; domainLabel: RegExp } | undefined;
function emailPatterns(): { local: RegExp; domainLabel: RegExp } {
  return (builtEmailPatterns ??= {
    local: /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u,
    domainLabel: /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u,
  });
}
const PHONE_CHARACTERS = /^\+?[\d\s.\-()]+$/;
const FRENCH_NATIONAL = /^0[1-9]\d{8}$/;
const INTERNATIONAL = /^(?:\+|00)[1-9]\d{6,14}$/;

/**
 * True for an e-mail address of the usual form `name@example.fr` (a dotted domain is required), internationalised ones included.
 * @example
 * ```ts
 * isEmailAddress('jean@example.fr'); // true
 * isEmailAddress('jean@'); // false
 * ```
 */
export function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at <= 0 || text.length > 254) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  const patterns = emailPatterns();
  return (
    local.length <= 64 &&
    patterns.local.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => patterns.domainLabel.test(label))
  );
}

/**
 * True for a phone number in French national form (`06 12 34 56 78`, `06.12.34.56.78`, `0612345678`)
 * or international form (`+33 6 12 34 56 78`, `+33 (0)6 12 34 56 78`, `0033 6 12 34 56 78`, any E.164 country).
 * @example
 * ```ts
 * isPhoneNumber('06 12 34 56 78'); // true
 * isPhoneNumber('12345'); // false
 * ```
 */
export function isPhoneNumber(text: string): boolean {
  if (!PHONE_CHARACTERS.test(text)) return false;
  const digits = text.replace('(0)', '').replace(/[\s.\-()]/g, '');
  return FRENCH_NATIONAL.test(digits) || INTERNATIONAL.test(digits);
}

/**
 * Checks that `address` is a plain e-mail address fit for a To header (the `to` of {@link composeBookingEmail}).
 * @throws UsageError when it is not.
 * @example
 * ```ts
 * assertReservationAddress('reservation@symone.fr'); // returns
 * assertReservationAddress('Symone <reservation@symone.fr>'); // throws a UsageError
 * ```
 */
export function assertReservationAddress(address: string): void {
  if (!isEmailAddress(address)) {
    throw new UsageError(
      `"${address}" is not a usable reservation address; give a plain address like reservation@symone.fr as to.`,
    );
  }
}
