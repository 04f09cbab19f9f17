import { describe, expect, it } from 'vitest';
import { formatEuroRange, formatEuros, formatNumber } from '../../src/domain/numbers.js';
import { formatEuroPrice, formatPrice } from '../../src/output/trip-columns.js';

describe('the one way motoroute writes numbers and euros', () => {
  it('groups thousands and writes decimals as each language does', () => {
    expect(formatNumber(1299.5, 'en')).toBe('1,299.50');
    expect(formatNumber(1299.5, 'fr')).toBe('1 299,50');
    expect(formatNumber(12.34, 'fr', { decimals: 1, grouped: false })).toBe('12,3');
    expect(formatNumber(1234, 'en', { grouped: false })).toBe('1234');
  });

  it('puts the euro sign where the language does, or after the number in columns', () => {
    expect(formatEuros(1299, 'en')).toBe('€1,299');
    expect(formatEuros(1299, 'fr')).toBe('1 299 €');
    expect(formatEuros(1299.5, 'en', { grouped: false, sign: 'after' })).toBe('1299.50 €');
  });

  it('sets the spaces of French typography for prose (the e-mail prices), English left as it is', () => {
    expect(formatEuros(1234567.5, 'fr', { spaces: 'typeset' })).toBe('1\u202f234\u202f567,50\u00a0€');
    expect(formatNumber(1234, 'fr', { spaces: 'typeset' })).toBe('1\u202f234');
    expect(formatEuros(1234.5, 'en', { spaces: 'typeset' })).toBe('€1,234.50');
  });

  it('writes a sign after the numbers once in a range, a sign before on each', () => {
    expect(formatEuroRange(299, 349, 'fr')).toBe('299\u2013349 €');
    expect(formatEuroRange(299, 349, 'en')).toBe('€299\u2013€349');
    expect(formatEuroRange(299, 349, 'en', { sign: 'after' })).toBe('299\u2013349 €');
    expect(formatEuroRange(299, 299, 'en')).toBe('€299');
  });

  it('gives the tables their prices: columns ungrouped with the sign after, text to paste as the language writes it', () => {
    expect(formatPrice(299, 349, 'en')).toBe('299\u2013349 €');
    expect(formatPrice(null, 299, 'fr')).toBe('299 €');
    expect(formatPrice(null, null, 'fr')).toBe('sur devis');
    expect(formatEuroPrice(1299, 1299, 'en')).toBe('€1,299');
    expect(formatEuroPrice(1299, 1399, 'fr')).toBe('1 299\u20131 399 €');
  });
});
