import { describe, expect, it } from 'vitest';
import { neutraliseFormula, rawToText, writesHeader } from '../../src/output/delimited.js';

describe('CSV and TSV cells', () => {
  it('neutralise what a spreadsheet would run (OWASP: =, +, -, @, tab, carriage return) with a leading apostrophe', () => {
    for (const cell of ['=1+1', '+33 6 12', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', '=HYPERLINK("http://x","y")']) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseFormula('Paris')).toBe('Paris');
    expect(neutraliseFormula('Saint-Étienne')).toBe('Saint-Étienne');
  });

  it('keep numbers as they are, negative and signed ones included, whether numbers or numeric strings', () => {
    expect(rawToText(-12.5)).toBe('-12.5');
    expect(rawToText(299)).toBe('299');
    expect(rawToText('-12.5')).toBe('-12.5');
    expect(rawToText('+3')).toBe('+3');
    expect(rawToText('1e3')).toBe('1e3');
  });

  it('look at the text before sanitising too: a leading tab becomes a space there, and is still neutralised', () => {
    expect(rawToText('\t=cmd')).toBe("' =cmd");
    expect(rawToText(['@a', 'b'])).toBe("'@a;b");
    expect(rawToText(null)).toBe('');
  });

  it('write a header: CSV always, TSV when the format was asked for, neither with --no-header', () => {
    expect(writesHeader('csv', { formatChosen: false, header: true })).toBe(true);
    expect(writesHeader('tsv', { formatChosen: false, header: true })).toBe(false);
    expect(writesHeader('tsv', { formatChosen: true, header: true })).toBe(true);
    expect(writesHeader('csv', { formatChosen: true, header: false })).toBe(false);
    expect(writesHeader('tsv', { formatChosen: true, header: false })).toBe(false);
  });
});
