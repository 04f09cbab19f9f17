import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName } from '../../src/domain/text.js';

/** The definition the table stands in for: Unicode decomposition, marks dropped. */
function foldByNormalize(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-_'’]+/g, ' ')
    .trim();
}

describe('foldName', () => {
  it.each([
    ['Besançon', 'besancon'],
    ['NÎMES', 'nimes'],
    ['Saint-Étienne', 'saint etienne'],
    ["L'Haÿ-les-Roses", 'l hay les roses'],
    ['  Aix   en Provence ', 'aix en provence'],
  ])('folds %s to %s', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });

  it('agrees with Unicode decomposition on accented Latin text', () => {
    const letters = [..."abcdeéèêëàâäîïôöùûüçÿAÉÈÊÀÂÎÔÛÇ -'’_"];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...letters), { maxLength: 30 }).map((chars) => chars.join('')),
        (name) => {
          expect(foldName(name)).toBe(foldByNormalize(name));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('folds letters outside the table through decomposition', () => {
    expect(foldName('Łódź Ĉiŝ')).toBe(foldByNormalize('Łódź Ĉiŝ'));
  });
});
