// Letters of French (and nearby) place names without their accents. A table rather than
// String.prototype.normalize: the first normalize() call loads ICU data, ~10 ms of a CLI run.
const FOLDED: Record<string, string> = {
  à: 'a',
  á: 'a',
  â: 'a',
  ã: 'a',
  ä: 'a',
  å: 'a',
  æ: 'ae',
  ç: 'c',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  ì: 'i',
  í: 'i',
  î: 'i',
  ï: 'i',
  ñ: 'n',
  ò: 'o',
  ó: 'o',
  ô: 'o',
  õ: 'o',
  ö: 'o',
  ø: 'o',
  œ: 'oe',
  ù: 'u',
  ú: 'u',
  û: 'u',
  ü: 'u',
  ý: 'y',
  ÿ: 'y',
};
const ASCII = /^[\x00-\x7f]*$/;
const SEPARATORS = /[\s\-_'\u2019]+/g; // ’, escaped: the CLI bundle stays ASCII (scripts/build.mjs)

/** Folds a name for matching: lower case, accents removed, spacing and dashes collapsed. */
export function foldName(name: string): string {
  let text = name.toLowerCase();
  if (!ASCII.test(text)) {
    text = Array.from(text, (char) => FOLDED[char] ?? (char > '\x7f' ? stripMarks(char) : char)).join('');
  }
  return text.replace(SEPARATORS, ' ').trim();
}

function stripMarks(char: string): string {
  return char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
