import { UsageError } from '../errors.js';
import { assertReservationAddress } from './contact.js';

/** The parts of a `mailto:` URI that motoroute writes. Line breaks in the body read back as `\n`. */
export interface MailtoParts {
  /** The address (the URI's path), decoded. */
  to: string;
  /** The `cc` field, decoded; absent when the URI has none. */
  cc?: string;
  /** The `subject` field, decoded; empty when absent. */
  subject: string;
  /** The `body` field, decoded, line breaks as `\n`; empty when absent. */
  body: string;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** Past about this many characters, many mail clients cut a `mailto:` link or refuse it. */
export const MAILTO_SAFE_LENGTH = 2000;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encodes a value as UTF-8, leaving only RFC 3986 unreserved characters bare
 * (encodeURIComponent also leaves `!'()*`, which some mail clients treat specially).
 * A lone surrogate is written as U+FFFD.
 * @example
 * ```ts
 * encodeMailtoValue('a b&c'); // 'a%20b%26c'
 * ```
 */
export function encodeMailtoValue(value: string): string {
  // encodeURIComponent throws on a lone surrogate: such text has no UTF-8 form.
  const wellFormed = value.replace(LONE_SURROGATE, '\uFFFD');
  return encodeURIComponent(wellFormed).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Builds an RFC 6068 `mailto:` URI: the address with its `@` bare and every other reserved character encoded,
 * then `?subject=…&body=…` fully percent-encoded. Body line breaks become `%0D%0A`; subject line breaks become
 * spaces, since a header is one line. No `&`, `?`, `#` or `%` from a field can escape its value. A `cc` (the customer
 * of a desk's request) comes last, as RFC 6068's `cc=` field.
 * @throws UsageError when `to` or `cc` is not a plain e-mail address.
 * @example
 * ```ts
 * buildMailtoUri('reservation@symone.fr', 'Réservation', 'Bonjour,\nMerci');
 * // 'mailto:reservation@symone.fr?subject=R%C3%A9servation&body=Bonjour%2C%0D%0AMerci'
 * ```
 */
export function buildMailtoUri(to: string, subject: string, body: string, cc?: string): string {
  assertReservationAddress(to);
  const at = to.lastIndexOf('@');
  const address = `${encodeMailtoValue(to.slice(0, at))}@${encodeMailtoValue(to.slice(at + 1))}`;
  const fields: string[] = [];
  const oneLineSubject = subject.replace(LINE_BREAK, ' ');
  if (oneLineSubject !== '') fields.push(`subject=${encodeMailtoValue(oneLineSubject)}`);
  if (body !== '') fields.push(`body=${encodeMailtoValue(body.replace(LINE_BREAK, '\r\n'))}`);
  if (cc) {
    assertReservationAddress(cc);
    fields.push(`cc=${encodeMailtoValue(cc)}`);
  }
  return fields.length > 0 ? `mailto:${address}?${fields.join('&')}` : `mailto:${address}`;
}

/**
 * Reads a `mailto:` URI back into address, subject and body (absent ones are empty); `+` stays a plus, as RFC 6068 says.
 * @throws UsageError when `uri` is not a `mailto:` URI or holds a malformed percent-encoding.
 * @example
 * ```ts
 * parseMailtoUri('mailto:reservation@symone.fr?subject=Hello%20there&body=Line%201%0D%0ALine%202');
 * // { to: 'reservation@symone.fr', subject: 'Hello there', body: 'Line 1\nLine 2' }
 * ```
 */
export function parseMailtoUri(uri: string): MailtoParts {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new UsageError(`"${uri}" is not a URI.`);
  }
  if (url.protocol !== 'mailto:') throw new UsageError(`"${uri}" is not a mailto: URI.`);
  const parts: MailtoParts = { to: decodeComponent(url.pathname, uri), subject: '', body: '' };
  // Not URLSearchParams: it would read `+` as a space, which mailto: does not.
  for (const field of url.search.replace(/^\?/, '').split('&')) {
    if (field === '') continue;
    const equals = field.indexOf('=');
    const name = decodeComponent(equals < 0 ? field : field.slice(0, equals), uri).toLowerCase();
    const value = equals < 0 ? '' : decodeComponent(field.slice(equals + 1), uri);
    if (name === 'to') parts.to = [parts.to, value].filter(Boolean).join(',');
    if (name === 'cc') parts.cc = [parts.cc ?? '', value].filter(Boolean).join(',');
    if (name === 'subject') parts.subject = value;
    if (name === 'body') parts.body = value.replace(LINE_BREAK, '\n');
  }
  return parts;
}

function decodeComponent(text: string, uri: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UsageError(`"${uri}" holds a malformed percent-encoding.`);
  }
}
