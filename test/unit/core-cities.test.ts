import { describe, expect, it } from 'vitest';
import { ServedCities, unknownCityMessage } from '../../src/core/cities.js';
import { cleanCityInput, editDistance } from '../../src/domain/city-names.js';

const served = new ServedCities([
  'Paris',
  'Marseille',
  'Lyon',
  'Saint-Étienne',
  'Sainte-Maxime',
  'Aix-en-Provence',
  'Nice',
  'Brest',
  'Besançon',
  'Clermont-Ferrand',
]);

describe('the served cities', () => {
  it('resolve case, accents, dashes, St/Ste and a country after a comma to the served spelling', () => {
    for (const [typed, name] of [
      ['nice', 'Nice'],
      ['PARIS', 'Paris'],
      ['besancon', 'Besançon'],
      ['St Etienne', 'Saint-Étienne'],
      ['st-etienne', 'Saint-Étienne'],
      ['Ste Maxime', 'Sainte-Maxime'],
      ['Paris, France', 'Paris'],
      ['Lyon, Auvergne-Rhône-Alpes, France', 'Lyon'],
      ['Clermont Ferrand', 'Clermont-Ferrand'],
    ]) {
      expect(served.resolve(typed!), typed).toEqual({ kind: 'served', name });
    }
  });

  it('keep a part of served names as typed, since city filters match parts', () => {
    expect(served.resolve('Aix')).toEqual({ kind: 'part', name: 'Aix' });
    expect(served.resolve('Saint')).toEqual({ kind: 'part', name: 'Saint' });
  });

  it('answer a typo with what was probably meant', () => {
    expect(served.resolve('Marseile')).toEqual({ kind: 'unknown', typed: 'Marseile', suggestions: ['Marseille'] });
    expect(served.resolve('Marseilles')).toMatchObject({ kind: 'unknown', suggestions: ['Marseille'] });
    expect(served.resolve('Pari')).toMatchObject({ kind: 'part' });
    expect(served.resolve('Lyno')).toMatchObject({ kind: 'unknown', suggestions: ['Lyon'] });
  });

  it('read a typo as the one served city it clearly stands for, and nothing else', () => {
    expect(served.clearMatch('Marseile')).toBe('Marseille');
    expect(served.clearMatch('Lyno')).toBe('Lyon');
    // Served, a part of served names, or nothing close: nothing to correct.
    expect(served.clearMatch('marseille')).toBeUndefined();
    expect(served.clearMatch('Saint')).toBeUndefined();
    expect(served.clearMatch('Atlantis')).toBeUndefined();
    // Two served cities equally near: no clear match, whichever comes first.
    const twins = new ServedCities(['Laval', 'Lavaur', 'Rodez', 'Rodes']);
    expect(twins.resolve('Rodex')).toMatchObject({ kind: 'unknown', suggestions: ['Rodes', 'Rodez'] });
    expect(twins.clearMatch('Rodex')).toBeUndefined();
    // The nearer of two is clear when the other is farther.
    expect(twins.clearMatch('Lavaurr')).toBe('Lavaur');
    // Three edits is a suggestion for a long name, not a correction.
    const long = new ServedCities(['Clermont-Ferrand']);
    expect(long.resolve('Clermond Feran')).toMatchObject({ kind: 'unknown', suggestions: ['Clermont-Ferrand'] });
    expect(long.clearMatch('Clermond Feran')).toBeUndefined();
  });

  it('correct one edit on a short name, two only on a name of eight letters or more', () => {
    const south = new ServedCities(['Arles', 'Dijon', 'Montpellier', 'Marseille']);
    // Arras and Dinan are two edits from Arles and Dijon: real towns, not typos of them.
    expect(south.clearMatch('Arras')).toBeUndefined();
    expect(south.clearMatch('Dinan')).toBeUndefined();
    expect(south.clearMatch('Arlse')).toBe('Arles');
    expect(south.clearMatch('Montpelier')).toBe('Montpellier');
    expect(south.clearMatch('Monpelier')).toBe('Montpellier');
  });

  it('name the served names a part belongs to, those starting with it first', () => {
    const aix = new ServedCities(['Marseille', 'Aix-en-Provence', 'Aix-les-Bains', 'Saint-Malo']);
    expect(aix.namesWithPart('aix')).toEqual(['Aix-en-Provence', 'Aix-les-Bains']);
    expect(aix.namesWithPart('Mar')).toEqual(['Marseille']);
    expect(aix.namesWithPart('malo')).toEqual(['Saint-Malo']);
    expect(aix.namesWithPart('')).toEqual([]);
  });

  it('read a part as the one served name starting with it, and only then', () => {
    const aix = new ServedCities(['Marseille', 'Aix-en-Provence', 'Aix-les-Bains', 'Saint-Malo']);
    expect(aix.onlyNameStarting('mars')).toBe('Marseille');
    expect(aix.onlyNameStarting('aix')).toBeUndefined();
    expect(aix.onlyNameStarting('malo')).toBeUndefined();
    expect(aix.onlyNameStarting(' ')).toBeUndefined();
  });

  it('say a place is unknown, with nothing to suggest when nothing is close', () => {
    const atlantis = served.resolve('Atlantis');
    expect(atlantis).toEqual({ kind: 'unknown', typed: 'Atlantis', suggestions: [] });
    if (atlantis.kind !== 'unknown') throw new Error('unreachable');
    expect(unknownCityMessage('FROM', atlantis)).toBe('FROM: "Atlantis" is not a city the service serves.');
    expect(unknownCityMessage('FROM', { ...atlantis, suggestions: ['Marseille'] }, 'fr')).toBe(
      'FROM : « Atlantis » n’est pas une ville desservie. Vouliez-vous dire Marseille ?',
    );
  });
});

describe('city names', () => {
  it('clean what people type', () => {
    expect(cleanCityInput(' Paris, France ')).toBe('Paris');
    expect(cleanCityInput('St. Malo')).toBe('Saint Malo');
    expect(cleanCityInput('Ste-Maxime')).toBe('Sainte-Maxime');
    expect(cleanCityInput('Stenay')).toBe('Stenay');
  });

  it('measure edit distance with swaps, and stop at the limit', () => {
    expect(editDistance('marseile', 'marseille', 2)).toBe(1);
    expect(editDistance('lyno', 'lyon', 2)).toBe(1);
    expect(editDistance('paris', 'brest', 1)).toBe(2);
  });
});
