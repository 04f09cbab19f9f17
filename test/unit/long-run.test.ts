import { describe, expect, it } from 'vitest';
import { longRunNote } from '../../src/commands/shared/long-run.js';

describe('longRunNote', () => {
  it('says nothing while the budget lets every request through at once', () => {
    expect(longRunNote(60, 60, 'en')).toBeUndefined();
    expect(longRunNote(11, 60, 'fr')).toBeUndefined();
  });

  it('estimates a run longer than the budget, and points to list', () => {
    expect(longRunNote(870, 60, 'en')).toBe(
      '870 requests ≈ 15 min at 60 a minute; `motoroute list` reads everything in one request.',
    );
    expect(longRunNote(61, 60, 'fr')).toBe(
      '61 requêtes ≈ 2 min à 60 par minute ; `motoroute list` lit tout en une requête.',
    );
  });

  it('does not point to list where list is not the same answer in one request', () => {
    expect(longRunNote(870, 60, 'en', { suggestList: false })).toBe('870 requests ≈ 15 min at 60 a minute.');
    expect(longRunNote(61, 60, 'fr', { suggestList: false })).toBe('61 requêtes ≈ 2 min à 60 par minute.');
  });
});
