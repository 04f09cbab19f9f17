// Bytes 0x80-0x9F of Windows-1252 (€, œ, the curly quotes…); the rest is Latin-1. WHATWG reads the Latin-1 labels as
// Windows-1252 too, but Node's TextDecoder reads "windows-1252" as Latin-1 on some versions (0x80-0x9F as C1
// controls, so œ and € would vanish), hence a table of our own.
const HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 text: every byte is a character, read in slices the argument list can hold; the five bytes it leaves
 * undefined stay their C1 code points, as WHATWG says.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(...chunk).replace(
      /[\u0080-\u009f]/g,
      (char) => HIGH[char.charCodeAt(0) - 0x80] ?? char,
    );
  }
  return text;
}
