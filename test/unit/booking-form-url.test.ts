import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/booking/fields.js';
import { buildFormUrl } from '../../src/booking/form-url.js';
import { DEFAULT_BOOKING_EMAIL, DEFAULT_BOOKING_URL, DEFAULT_QUOTE_URL } from '../../src/booking/index.js';
import { UsageError } from '../../src/errors.js';

const forms = { bookingUrl: DEFAULT_BOOKING_URL, quoteUrl: DEFAULT_QUOTE_URL };
const scheduled: BookingRequest = {
  from: 'Paris',
  to: 'Marseille',
  date: '2026-12-05',
  formula: 'rider',
  motorcycles: 1,
  scheduled: true,
  routeId: 'r-1042',
};

describe('buildFormUrl', () => {
  it('links a scheduled trip to the booking form', () => {
    expect(buildFormUrl(scheduled, forms)).toBe(
      'https://symone.fr/moto?depart=Paris&arrival=Marseille&date=2026-12-05&formula=rider&motorcycles=1&riders=1&trip=one-way&route_id=r-1042',
    );
  });

  it('links any other request to the quote form, keeping its tab parameter', () => {
    const url = new URL(
      buildFormUrl(
        {
          ...scheduled,
          scheduled: false,
          routeId: undefined,
          formula: 'moto-only',
          from: 'Saint-Étienne',
          motorcycleModels: ['BMW R 1250 GS', 'Honda CB500F'],
          motorcycles: 2,
          returnDate: '2026-12-20',
          name: 'Jeanne Dupont',
          email: 'jeanne+moto@example.fr',
          phone: '+33 6 12 34 56 78',
          comment: 'a&b=c?d#e%f',
        },
        forms,
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://symone.fr/moto');
    expect(url.hash).toBe('');
    expect(url.searchParams.getAll('motorcycle')).toEqual(['BMW R 1250 GS', 'Honda CB500F']);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tab: 'tab-devis',
      depart: 'Saint-Étienne',
      arrival: 'Marseille',
      date: '2026-12-05',
      formula: 'moto-only',
      motorcycle: 'Honda CB500F',
      motorcycles: '2',
      riders: '0',
      trip: 'round-trip',
      return_date: '2026-12-20',
      name: 'Jeanne Dupont',
      email: 'jeanne+moto@example.fr',
      phone: '+33 6 12 34 56 78',
      comment: 'a&b=c?d#e%f',
    });
  });

  it('uses the configured forms, keeping their own parameters and fragment', () => {
    const custom = { bookingUrl: 'http://127.0.0.1:8080/book?lang=fr#form', quoteUrl: 'http://127.0.0.1:8080/quote' };
    expect(buildFormUrl(scheduled, custom)).toMatch(/^http:\/\/127\.0\.0\.1:8080\/book\?lang=fr&depart=Paris&.*#form$/);
    expect(buildFormUrl({ ...scheduled, scheduled: false }, custom)).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/quote\?depart=Paris/,
    );
  });

  it('refuses a form address that is not http(s)', () => {
    expect(() => buildFormUrl(scheduled, { ...forms, bookingUrl: 'javascript:alert(1)' })).toThrow(UsageError);
    expect(() => buildFormUrl(scheduled, { ...forms, bookingUrl: 'symone.fr/moto' })).toThrow(/not a URL/);
  });
});

describe('defaults', () => {
  it('points at the service', () => {
    expect(DEFAULT_BOOKING_EMAIL).toBe('reservation@symone.fr');
    expect(DEFAULT_BOOKING_URL).toBe('https://symone.fr/moto');
    expect(DEFAULT_QUOTE_URL).toBe('https://symone.fr/moto?tab=tab-devis');
  });
});
