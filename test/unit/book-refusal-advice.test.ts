import { describe, expect, it } from 'vitest';
import { refusalAdvice } from '../../src/commands/book/run.js';
import type { BookingRefusal } from '../../src/core/booking/types.js';
import type { Trip } from '../../src/domain/types.js';

const trip = { id: '100042', depart: 'Paris', arrival: 'Marseille' } as Trip;
const search = (from: string, to: string) => `motoroute search ${from} ${to}`;
const refusals: BookingRefusal[] = [
  { kind: 'no-trip', reasons: ['No upcoming trip has the id 100042.'], id: '100042' },
  { kind: 'departed', reasons: ['Trip 100042 left on 2026-11-20.'], trip },
  { kind: 'trip-check', reasons: ['Trip 100042 has 1 free place.'], trip, places: true, from: 'Lyon', to: 'Marseille' },
];

describe('what book advises after a refusal', () => {
  it('gives a trip picked at the prompt the prompt’s way on, never a flag or a ROUTE_ID, in the session’s language', () => {
    for (const refused of refusals) {
      expect(refusalAdvice(refused, true, 'en', search)).toBe(
        'Run motoroute book again and choose another trip of that day, or a quote for this day.',
      );
      expect(refusalAdvice(refused, true, 'fr', search)).toBe(
        'Relancez motoroute book et choisissez un autre trajet de ce jour, ou un devis pour ce jour.',
      );
    }
  });

  it('gives a ROUTE_ID’s refusal the flags and the search that find another trip', () => {
    const [noTrip, departed, tripCheck] = refusals.map((refused) => refusalAdvice(refused, false, 'en', search));
    expect(noTrip).toBe('Find ids with: motoroute search FROM TO, or leave out ROUTE_ID to ask a quote.');
    expect(departed).toBe(
      'Choose another trip (motoroute search Paris Marseille), or add --force to compose the request anyway.',
    );
    expect(tripCheck).toBe(
      'Choose another trip (motoroute search Lyon Marseille), ask for fewer motorcycles, or add --force to compose the request anyway.',
    );
  });

  it('names the way back for a return trip that does not go back, and adds nothing to values that are wrong', () => {
    const back: BookingRefusal = { kind: 'return-trip', reasons: ['…'], back: { from: 'Marseille', to: 'Paris' } };
    expect(refusalAdvice(back, false, 'fr', search)).toBe(
      'Trouvez-en un avec\u00a0: motoroute search Marseille Paris.',
    );
    expect(refusalAdvice({ kind: 'invalid', reasons: ['…'] }, true, 'en', search)).toBe('');
  });
});
