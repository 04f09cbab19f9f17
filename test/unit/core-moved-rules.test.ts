import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/booking/fields.js';
import { draftFileName, freeName } from '../../src/core/booking/draft-file-name.js';
import { promptCount, promptDate, promptEmail } from '../../src/core/booking/prompt-checks.js';
import { bookingDestinations, isUnsignedDesk } from '../../src/core/booking/settings.js';
import { plannedLegs, roundTripVerdict } from '../../src/core/planning/planned-search.js';
import type { Trip } from '../../src/domain/types.js';

const request = (fields: Partial<BookingRequest> = {}): BookingRequest =>
  ({
    from: 'Saint-Étienne',
    to: 'Marseille',
    date: '2026-12-05',
    formula: 'rider',
    motorcycles: 1,
    ...fields,
  }) as BookingRequest;

const trip = (id: string, date: string, times: string[], price: number | null = 100): Trip => ({
  id,
  date,
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: [],
  price_min: price,
  price_max: price,
  slots: [3],
  times,
});

describe("a booking's rules moved into the core", () => {
  it('names a draft from its date, cities and customer, in plain ASCII, and never takes a name already used', () => {
    expect(draftFileName(request({ name: 'Jeanne Dupont' }), 3)).toBe(
      '2026-12-05_saint-etienne-marseille_jeanne-dupont.eml',
    );
    expect(draftFileName(request({ email: 'j.dupont@example.fr' }), 3)).toBe(
      '2026-12-05_saint-etienne-marseille_j-dupont.eml',
    );
    expect(draftFileName(request(), 7)).toBe('2026-12-05_saint-etienne-marseille_line-7.eml');
    const taken = new Set(['a.eml', 'a-2.eml']);
    expect(freeName('a.eml', taken)).toBe('a-3.eml');
    expect(taken.has('a-3.eml')).toBe(true);
  });

  it('checks what is typed at a prompt, in the prompt language', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(promptDate('demain', undefined, now, 'fr')).toEqual({ date: '2026-12-02' });
    expect(promptDate('2026-11-30', undefined, now, 'en').problem).toBe(
      'That date has passed; choose 2026-12-01 or later.',
    );
    expect(promptDate('05/12/26', undefined, now, 'en').problem).toMatch(/short year/);
    expect(promptDate('2026-12-09', '2026-12-08', now, 'en').problem).toMatch(/after the return \(2026-12-08\)/);
    expect(promptCount('21', 1, 20, 'fr').problem).toBe('Tapez un nombre entier de 1 à 20.');
    expect(promptCount(' 4 ', 1, 20, 'en')).toEqual({ count: 4 });
    expect(promptEmail('not-an-address', 'en')).toMatch(/not an e-mail address/);
  });

  it("reads a booking's destinations from the settings, the service's own by default, the desk's voice when chosen", () => {
    const plain = bookingDestinations({});
    expect(plain).toEqual({
      to: 'reservation@symone.fr',
      bookingUrl: 'https://symone.fr/moto',
      quoteUrl: 'https://symone.fr/moto?tab=tab-devis',
    });
    const desk = bookingDestinations({ voice: 'desk', greeting: 'Bonjour Madame,' });
    expect(desk).toMatchObject({ voice: 'desk', greeting: 'Bonjour Madame,' });
    expect(isUnsignedDesk(desk)).toBe(true);
    expect(bookingDestinations({ voice: 'desk' }, 'customer').voice).toBeUndefined();
    expect(isUnsignedDesk(bookingDestinations({ voice: 'desk', signature: 'Agence Motos' }))).toBe(false);
  });
});

describe('planning in the core', () => {
  it('plans the way back from TO to FROM over the return day and its flexible days', () => {
    const filter = { depart: 'Paris', arrival: 'Marseille', dateFrom: '2026-12-05', dateTo: '2026-12-05' };
    expect(plannedLegs({ filter, sort: 'date' })).toEqual([
      { depart: 'Paris', arrival: 'Marseille', dateFrom: '2026-12-05', dateTo: '2026-12-05' },
    ]);
    expect(plannedLegs({ filter, sort: 'date', returnDate: '2026-12-08', flex: 1 })).toEqual([
      { leg: 'out', depart: 'Paris', arrival: 'Marseille', dateFrom: '2026-12-05', dateTo: '2026-12-05' },
      { leg: 'back', depart: 'Marseille', arrival: 'Paris', dateFrom: '2026-12-07', dateTo: '2026-12-09' },
    ]);
  });

  it('says whether a round trip can be taken, and its cheapest priced pair', () => {
    const out = trip('1', '2026-12-05', ['08:00', '18:00'], 200);
    const early = trip('2', '2026-12-05', ['07:00', '17:00'], 50);
    const late = trip('3', '2026-12-06', ['09:00', '19:00'], 150);
    expect(roundTripVerdict([], [late])).toEqual({ kind: 'no-leg', leg: 'out' });
    expect(roundTripVerdict([out], [])).toEqual({ kind: 'no-leg', leg: 'back' });
    expect(roundTripVerdict([out], [early])).toEqual({ kind: 'no-pair' });
    const verdict = roundTripVerdict([out], [early, late]);
    expect(verdict.kind === 'pairs' && verdict.cheapest).toMatchObject({ total: 350, back: { id: '3' } });
    expect(roundTripVerdict([trip('4', '2026-12-05', ['08:00', '18:00'], null)], [late])).toEqual({ kind: 'pairs' });
  });
});
