/** An answer's headers as an HTTP stack hands them over: names in lower case, a repeated header as a list. */
export type HeaderRecord = Record<string, string | string[] | undefined>;

/** A header name as HTTP allows it (a token, RFC 9110 section 5.6.2). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** One header's value, the first when it was sent more than once. */
export function headerValue(record: HeaderRecord, name: string): string | undefined {
  const value = record[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The headers of a record as a WHATWG `Headers` (a repeated header keeps every value). Made only when asked
 * for: Node builds its fetch classes on the first touch of `Headers`, ~15 ms that a CLI run must not pay.
 */
export function toHeaders(record: HeaderRecord | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record ?? {})) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      try {
        headers.append(name, one);
      } catch {
        // A value Headers refuses (a stray control character) is left out: the answer itself was read.
      }
    }
  }
  return headers;
}

/** A `Headers`, as opposed to a record, told apart without touching the `Headers` class (see toHeaders). */
export function isHeadersObject(value: Headers | HeaderRecord): value is Headers {
  return (
    typeof (value as { get?: unknown }).get === 'function' &&
    typeof (value as { forEach?: unknown }).forEach === 'function'
  );
}
