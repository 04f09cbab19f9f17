import { sanitiseText } from './safe-text.js';

// What would make a cell's text a link, an image, HTML, code or emphasis: `[x](…)`, `![x](…)`, `<b>`, `&lt;`, `` ` ``,
// `*`, `~`, a `_` at a word's edge, and `|`, which would end the cell. CommonMark prints a backslashed mark as itself.
const MARKUP = /[\\`*~[\]<>&|]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
// A bare address is made a link by GitHub's and many other renderers: a backslash in its `://` or `www.` breaks the pattern.
const BARE_LINK = /\b([a-z][a-z\d+.-]*):\/\/|\b(www)\./gi;

/**
 * One cell of a Markdown table: control characters removed, line breaks as spaces, and every mark that would make
 * the text a link, an image, HTML or code escaped, so a city named `[x](http://evil)` or `<img src=x>` prints as typed.
 * @example
 * ```ts
 * markdownCell('<img src=x> | [x](http://evil)'); // '\\<img src=x\\> \\| \\[x\\](http\\://evil)'
 * ```
 */
export function markdownCell(text: string): string {
  return sanitiseText(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(MARKUP, (mark) => `\\${mark}`)
    .replace(BARE_LINK, (_all, scheme: string | undefined, www: string | undefined) =>
      scheme !== undefined ? `${scheme}\\://` : `${www}\\.`,
    )
    .trim();
}
