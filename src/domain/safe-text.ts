import type { Trip } from './types.js';
// Strings from the service are untrusted: a city name or an error message must never move the cursor, retitle
// the window, plant a hyperlink or reorder the text around it. One rule for all of them (trip fields, error
// messages, warnings, notes, MCP texts), below every layer: the client cleans the errors it makes from answers,
// the output layer what it prints.

/**
 * OSC, DCS, SOS, PM and APC strings, up to BEL or ST, or to the end if unterminated. Their 8-bit
 * introducers are only removed as C1 characters: without an introducer the rest is inert text.
 */
const CONTROL_STRING = /\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|\x9c|$)/g;
/** CSI sequences such as colours and cursor moves, also when cut off before their final byte. */
const CSI_SEQUENCE = /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?/g;
/** Every other escape sequence: ESC, intermediate bytes, one final byte (charset switches, resets, …). */
const OTHER_ESCAPE = /\x1b[\x20-\x2f]*[\x30-\x7e]/g;
/** Line and column breaks, kept as a space so words do not run together. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** C0, DEL, C1, bidi controls and zero-width characters. */
const INVISIBLE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Makes a string safe for a terminal, CSV or TSV: escape sequences and invisible controls removed, breaks turned into spaces. */
export function sanitiseText(text: string): string {
  return text
    .replace(CONTROL_STRING, '')
    .replace(CSI_SEQUENCE, '')
    .replace(OTHER_ESCAPE, '')
    .replace(BREAKS, ' ')
    .replace(INVISIBLE, '');
}

/**
 * Makes a message safe for a terminal or a log line: an error, a warning, a note or a hint, which may
 * quote what the service sent. The same rule as sanitiseText; with `lines`, its line breaks (LF) are
 * kept for a message made of several lines, everything else on each line cleaned.
 */
export function sanitiseMessage(text: string, options: { lines?: boolean } = {}): string {
  if (!options.lines) return sanitiseText(text);
  return text.split('\n').map(sanitiseText).join('\n');
}

/** A trip's text with control characters removed, so service strings can neither drive the terminal nor break a header. */
export function sanitiseTrip(trip: Trip): Trip {
  return {
    ...trip,
    id: sanitiseText(trip.id).trim(),
    depart: sanitiseText(trip.depart).trim(),
    arrival: sanitiseText(trip.arrival).trim(),
    layovers: trip.layovers.map((city) => sanitiseText(city).trim()),
  };
}
