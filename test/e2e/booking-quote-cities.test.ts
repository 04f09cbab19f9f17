import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { draftBooking } from '../../src/core/booking/draft-booking.js';
import type { BookingInput, BookingResult } from '../../src/core/booking/types.js';
import { clockFromEnvironment } from '../../src/core/clock.js';
import { Core } from '../../src/core/core.js';
import { addDays } from '../../src/domain/dates.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { useService } from '../helpers/service.js';

// The quote's city rule (core/booking/quote-cities.ts) on the local service: a real place the service does not
// serve is kept as typed with the served cities near it; only a place it cannot locate is corrected (one clear served
// match) or refused; a city confirmed at a prompt is never corrected; the service down keeps the city as typed.

const DAY = '2026-12-10';
const service = useService({ routes: 200, today: DAY, seed: 7 });
const destinations = {
  to: 'reservation@symone.fr',
  bookingUrl: 'https://symone.fr/moto',
  quoteUrl: 'https://symone.fr/moto?tab=tab-devis',
};
const settings = { destinations, fieldName: (field: string) => field };

function core(cacheClock = new ManualClock()): Core {
  const client = new RouteClient({ baseUrl: service.base, maxAttempts: 1 });
  return new Core({
    client: async () => client,
    clock: clockFromEnvironment({ MOTOROUTE_NOW: `${DAY}T10:30:00Z` }),
    cacheClock,
  });
}

function quote(to: string, extra: Partial<BookingInput> = {}, from = 'Paris'): Promise<BookingResult> {
  const fields = { from, to, date: addDays(DAY, 5), formula: 'rider' as const, email: 'a@b.fr' };
  return draftBooking({ fields, lang: 'fr', messagesLang: 'en', ...extra }, settings, { core: core() });
}

function drafted(result: BookingResult): { to: string; warnings: string[] } {
  if (!result.ok) throw new Error(`refused: ${result.refusal.reasons.join(' ')}`);
  return { to: result.request.to, warnings: result.warnings.map((warning) => warning.text) };
}

describe('a quote to a real place the service does not serve', () => {
  it.each([
    ['Arras', 'Lille'],
    ['Alès', 'Nîmes'],
    ['Dinan', 'Saint-Malo'],
    ['Pontarlier', 'Besançon'],
  ])('keeps %s as typed and names the served cities near it (%s first)', async (town, nearest) => {
    const { to, warnings } = drafted(await quote(town));
    expect(to).toBe(town);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^to: ${town} is not served; the quote asks for it as typed\\. Served cities near it: ${nearest}(, |\\.)`,
      ),
    );
  });

  it('names a misspelt real town as the service places it, never as typed', async () => {
    const { to, warnings } = drafted(await quote('Pontarlie'));
    expect(to).toBe('Pontarlier');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^to: "Pontarlie" read as Pontarlier, which is not served; the quote asks for Pontarlier\. Served cities near it: Besançon/,
    );
  });

  it('keeps a real town whose name is a part of served names (Toul, in Toulouse and Toulon)', async () => {
    const { to, warnings } = drafted(await quote('Toul'));
    expect(to).toBe('Toul');
    expect(warnings[0]).toMatch(/^to: Toul is not served; the quote asks for it as typed\. Served cities near it: /);
  });

  it('says it in French in a French session', async () => {
    const result = await quote('Pontarlier', { messagesLang: 'fr' });
    expect(drafted(result).warnings[0]).toMatch(
      /^to\u00a0: Pontarlier n\u2019est pas desservie\u202f; villes desservies proches\u00a0: Besançon(, [^.]+)?\. Le devis est demandé pour Pontarlier, telle que saisie\.$/,
    );
  });

  it('spells a served city the service way, whatever its case and accents', async () => {
    const { to, warnings } = drafted(await quote('BESANCON'));
    expect(to).toBe('Besançon');
    expect(warnings).toEqual([]);
  });
});

describe('a place the service cannot locate', () => {
  it('is read as its one clear served match, said as a warning', async () => {
    const { to, warnings } = drafted(await quote('Marseile'));
    expect(to).toBe('Marseille');
    expect(warnings).toEqual(['to: "Marseile" read as Marseille.']);
  });

  it('is refused when nothing served clearly matches', async () => {
    const result = await quote('Saint-Quelquepart');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal.reasons).toEqual(['to: "Saint-Quelquepart" is not a city the service serves.']);
  });

  it('reads a part of one served name as that name, and refuses a part of several', async () => {
    const { to, warnings } = drafted(await quote('Marsei'));
    expect(to).toBe('Marseille');
    expect(warnings).toEqual(['to: "Marsei" read as Marseille.']);
    const saint = await quote('Saint');
    expect(saint.ok).toBe(false);
    if (saint.ok) return;
    expect(saint.refusal.reasons[0]).toMatch(/^to: "Saint" is not a city the service serves\. Did you mean Saint-/);
  });
});

describe('a city the user confirmed', () => {
  it('is never corrected, even a place nobody can locate', async () => {
    const { to, warnings } = drafted(await quote('Marseile', { confirmedCities: ['to'] }));
    expect(to).toBe('Marseile');
    expect(warnings).toEqual([]);
  });

  it('is still spelled the service way when served', async () => {
    expect(drafted(await quote('lyon', { confirmedCities: ['to'] })).to).toBe('Lyon');
  });
});

describe('when the service cannot say where a place is', () => {
  it('keeps the city as typed, with a warning, and asks again a minute later', async () => {
    const clock = new ManualClock();
    const lookups = core(clock);
    const draft = () =>
      draftBooking(
        { fields: { from: 'Paris', to: 'Alès', date: addDays(DAY, 5), formula: 'rider' }, lang: 'fr' },
        settings,
        { core: lookups },
      );
    // The listing first, so that only the place's look-up fails.
    await lookups.servedCities();
    service.server.faults.failNext(1, '/route/cities-near');
    const down = drafted(await draft());
    expect(down.to).toBe('Alès');
    // A real town and a typo cannot be told apart without the service: kept, with the served city it may stand for.
    expect(down.warnings).toContain(
      'to: "Alès" is not a served city and the service could not be asked where it is; written as typed. Check it: did you mean Arles?',
    );
    // Within the minute the failure stands (one run asks once); past it, a long session asks again.
    expect(drafted(await draft()).warnings).toEqual(down.warnings);
    clock.advance(60_001);
    const back = drafted(await draft());
    expect(back.to).toBe('Alès');
    expect(back.warnings.some((warning) => warning.startsWith('to: Alès is not served;'))).toBe(true);
  });
});
