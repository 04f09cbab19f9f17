import { foldName } from './text.js';

// What people type for a French city and the service does not: a country or region after a comma
// ("Paris, France", "Lyon, Auvergne-Rhône-Alpes, France") and the abbreviations St / Ste.
const AFTER_COMMA = /\s*,.*$/s;
const SAINT = /(^|[\s-])(st|ste)\.?(?=[\s-])/gi;

/** A typed city as the service would spell its words: what follows a comma dropped, `St`/`Ste` written out. */
export function cleanCityInput(typed: string): string {
  const name = typed.trim().replace(AFTER_COMMA, '').trim() || typed.trim();
  return name.replace(
    SAINT,
    (_, before: string, word: string) => `${before}${word.toLowerCase() === 'st' ? 'Saint' : 'Sainte'}`,
  );
}

/** The folded form a typed city is compared in: cleaned, then case, accents, dashes and spacing ignored. */
export function cityKey(typed: string): string {
  return foldName(cleanCityInput(typed));
}

/**
 * The edit distance of two strings (insertions, deletions, substitutions and swaps of neighbours), or
 * `limit + 1` as soon as it is certainly above `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** How many typing mistakes a name of this length may hold and still be recognised. */
export function typoAllowance(key: string): number {
  return key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
}
