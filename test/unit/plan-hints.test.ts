import { describe, expect, it } from 'vitest';
import { hintLines } from '../../src/commands/plan/hint-lines.js';
import { calendarCommand, tripsCommand } from '../../src/commands/plan/next-command.js';
import type { Hints } from '../../src/core/planning/find-hints.js';

const hints: Hints = {
  pairs: [
    {
      pair: { from: { name: 'Chambéry', km: 45.4 }, to: { name: 'Marseille', km: 0 } },
      trips: 3,
      firstDate: '2026-12-19',
      anyDate: false,
    },
    {
      pair: { from: { name: 'Chambéry', km: 45.4 }, to: { name: 'Aix-en-Provence', km: 26.7 } },
      trips: 1,
      firstDate: '2027-01-30',
      anyDate: true,
    },
  ],
  dates: { before: '2026-12-17', after: '2026-12-23' },
  requests: 3,
  unknownPlaces: [],
};

describe('hint lines', () => {
  it('lists nearby pairs with their distances and a ready command, then the nearest dates', () => {
    const next = tripsCommand(['motoroute'], 'search', {
      depart: 'Grenoble',
      arrival: 'Marseille',
      dateFrom: '2026-12-19',
      dateTo: '2026-12-19',
      minSlots: 2,
    });
    expect(hintLines(hints, { from: 'Grenoble', to: 'Marseille' }, next, 'en')).toEqual([
      'Served cities nearby with trips:',
      '  Chambéry (45 km from Grenoble) → Marseille: 3 trips, first Sat 19 Dec 2026',
      '    motoroute search Chambéry Marseille --date 2026-12-19 --min-slots 2',
      '  Chambéry (45 km from Grenoble) → Aix-en-Provence (27 km from Marseille): 1 trip at other dates, first Sat 30 Jan 2027',
      '    motoroute search Chambéry Aix-en-Provence --date 2027-01-30 --min-slots 2',
      'Nearest dates with trips: Thu 17 Dec 2026 (before), Wed 23 Dec 2026 (after)',
      '  motoroute search Grenoble Marseille --date 2026-12-17 --min-slots 2',
      '  motoroute search Grenoble Marseille --date 2026-12-23 --min-slots 2',
    ]);
  });

  it('speaks French, and says when nothing nearby has trips either', () => {
    const next = tripsCommand(['motoroute'], 'list', {
      arrival: 'Le Havre',
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
    });
    const french = hintLines({ ...hints, pairs: [] }, { to: 'Le Havre' }, next, 'fr');
    expect(french[0]).toBe(
      'Dates les plus proches avec des trajets\u00a0: jeu 17 déc 2026 (avant), mer 23 déc 2026 (après)',
    );
    expect(french[1]).toBe(`  motoroute list --to 'Le Havre' --date 2026-12-17`);
    expect(hintLines({ pairs: [], dates: {}, requests: 2, unknownPlaces: [] }, {}, next, 'en')).toEqual([
      'No served city within 60 km and no date nearby has trips either.',
    ]);
    expect(hintLines({ pairs: [], dates: {}, requests: 0, unknownPlaces: [] }, {}, next, 'en')).toEqual([]);
  });

  it('says a place the service does not know is unknown, not that nothing is near it', () => {
    const next = tripsCommand(['motoroute'], 'search', { depart: 'Atlantis' });
    expect(
      hintLines({ pairs: [], dates: {}, requests: 2, unknownPlaces: ['Atlantis'] }, { from: 'Atlantis' }, next, 'en'),
    ).toEqual(['The service does not know the place "Atlantis": check its spelling, or name a city near it.']);
  });

  it('keeps the asked window in search commands and turns a day into a month for the calendar', () => {
    expect(
      tripsCommand(['motoroute'], 'search', {
        depart: 'Paris',
        dateFrom: '2026-12-01',
        dateTo: '2026-12-31',
        via: 'Lyon',
      })({ from: 'Paris', to: 'Nice' }),
    ).toEqual([
      'motoroute',
      'search',
      'Paris',
      'Nice',
      '--after',
      '2026-12-01',
      '--before',
      '2026-12-31',
      '--via',
      'Lyon',
    ]);
    const calendar = calendarCommand(['motoroute'], { maxPrice: 400 }, '2026-12', 2);
    expect(calendar({ from: 'Chambéry', to: 'Marseille' })).toEqual([
      'motoroute',
      'calendar',
      'Chambéry',
      'Marseille',
      '--month',
      '2026-12',
      '--months',
      '2',
      '--max-price',
      '400',
    ]);
    expect(calendar({ from: 'Chambéry' }, '2027-01-30')).toEqual([
      'motoroute',
      'calendar',
      'Chambéry',
      '--month',
      '2027-01',
      '--max-price',
      '400',
    ]);
  });
});

describe('planned trip columns', () => {
  it('add from_km and to_km to tables and machine formats, leg first in machine formats, and mark the asked day', async () => {
    const { plannedTripColumns } = await import('../../src/output/planned-trip-columns.js');
    const both = plannedTripColumns('en', { distances: true, legs: true, askedDay: '2026-12-05' });
    expect(both.tableKeys).toEqual(['date', 'time', 'route', 'price', 'slots', 'from_km', 'to_km', 'id']);
    expect(both.machineKeys[0]).toBe('leg');
    expect(both.machineKeys.slice(-2)).toEqual(['from_km', 'to_km']);
    const date = both.columns.find((column) => column.key === 'date')!;
    const trip = {
      id: '1',
      date: '2026-12-05',
      depart: 'Paris',
      arrival: 'Lyon',
      layovers: [],
      price_min: 299,
      price_max: 299,
      slots: [1],
      times: ['08:00'],
    };
    expect(date.table(trip)).toBe('• Sat 05 Dec 2026');
    expect(date.table({ ...trip, date: '2026-12-06' })).toBe('  Sun 06 Dec 2026');
    expect(both.columns.find((column) => column.key === 'from_km')!.raw({ ...trip, from_km: 45.4 })).toBe(45.4);
    expect(plannedTripColumns('en', {}).tableKeys).toEqual(['date', 'time', 'route', 'price', 'slots', 'id']);
  });
});
