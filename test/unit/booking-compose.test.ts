import { describe, expect, it } from 'vitest';
import { composeBookingEmail } from '../../src/booking/compose.js';
import type { BookingRequest } from '../../src/booking/fields.js';
import { formatEuros, formatPriceRange } from '../../src/booking/price.js';
import { UsageError } from '../../src/errors.js';

const to = 'reservation@symone.fr';
const minimal: BookingRequest = {
  from: 'Paris',
  to: 'Marseille',
  date: '2026-12-05',
  formula: 'rider',
  motorcycles: 1,
  scheduled: true,
};
const full: BookingRequest = {
  ...minimal,
  make: 'Honda',
  model: 'CB500F',
  motorcycles: 2,
  riders: 1,
  returnDate: '2026-12-13',
  name: 'Jeanne Dupont',
  email: 'jeanne@example.fr',
  phone: '06 12 34 56 78',
  comment: 'Top case & sacoches, merci !',
  priceMin: 299,
  priceMax: 349,
  routeId: 'r-1042',
};

describe('composeBookingEmail in French', () => {
  it('writes a booking request with only the required fields', () => {
    const email = composeBookingEmail(minimal, { lang: 'fr', to });
    expect(email.to).toBe(to);
    expect(email.subject).toBe('Demande de réservation moto : Paris → Marseille, le samedi 5 décembre 2026');
    expect(email.body).toMatchInlineSnapshot(`
      "Bonjour,

      Je souhaite réserver le transport de ma moto sur le trajet suivant :

      - Départ : Paris
      - Arrivée : Marseille
      - Date souhaitée : samedi 5 décembre 2026
      - Formule : moto avec pilote
      - Nombre de motos : 1
      - Nombre de pilotes : 1
      - Trajet : aller simple

      Pourriez-vous me confirmer la disponibilité et m’indiquer comment finaliser la réservation ?

      Je vous remercie par avance.

      Cordialement,"
    `);
  });

  it('writes a booking request with every optional field', () => {
    const email = composeBookingEmail(full, { lang: 'fr', to });
    expect(email.body).toMatchInlineSnapshot(`
      "Bonjour,

      Je souhaite réserver le transport de mes motos sur le trajet suivant :

      - Départ : Paris
      - Arrivée : Marseille
      - Date souhaitée : samedi 5 décembre 2026
      - Formule : moto avec pilote
      - Moto : Honda CB500F
      - Nombre de motos : 2
      - Nombre de pilotes : 1
      - Trajet : aller-retour, retour le dimanche 13 décembre 2026
      - Référence du trajet : r-1042
      - Tarif indiqué : de 299 € à 349 €

      Mes coordonnées :
      - Nom : Jeanne Dupont
      - E-mail : jeanne@example.fr
      - Téléphone : 06 12 34 56 78

      Commentaire : Top case & sacoches, merci !

      Pourriez-vous me confirmer la disponibilité et m’indiquer comment finaliser la réservation ?

      Je vous remercie par avance.

      Cordialement,
      Jeanne Dupont"
    `);
  });

  it('writes a quote request for a trip that is not scheduled', () => {
    const email = composeBookingEmail(
      { ...minimal, scheduled: false, formula: 'moto-only', date: '2027-01-01', from: 'Lille', to: 'Nice' },
      { lang: 'fr', to },
    );
    expect(email.subject).toBe('Demande de devis moto : Lille → Nice, le vendredi 1er janvier 2027');
    expect(email.body).toMatchInlineSnapshot(`
      "Bonjour,

      Je souhaite obtenir un devis pour le transport de ma moto :

      - Départ : Lille
      - Arrivée : Nice
      - Date souhaitée : vendredi 1er janvier 2027
      - Formule : moto seule (sans pilote)
      - Nombre de motos : 1
      - Nombre de pilotes : 0
      - Trajet : aller simple

      Pourriez-vous m’adresser un devis pour ce transport ?

      Je vous remercie par avance.

      Cordialement,"
    `);
  });
});

describe('composeBookingEmail in English', () => {
  it('writes a booking request with only the required fields', () => {
    const email = composeBookingEmail(minimal, { lang: 'en', to });
    expect(email.subject).toBe('Motorcycle transport booking request: Paris → Marseille on Saturday 5 December 2026');
    expect(email.body).toMatchInlineSnapshot(`
      "Hello,

      I would like to book transport for my motorcycle on the following trip:

      - Departure: Paris
      - Arrival: Marseille
      - Wished date: Saturday 5 December 2026
      - Formula: motorcycle with rider
      - Number of motorcycles: 1
      - Number of riders: 1
      - Trip: one way

      Could you please confirm availability and let me know how to complete the booking?

      Thank you in advance.

      Kind regards,"
    `);
  });

  it('writes a booking request with every optional field', () => {
    const email = composeBookingEmail(full, { lang: 'en', to });
    expect(email.body).toMatchInlineSnapshot(`
      "Hello,

      I would like to book transport for my motorcycles on the following trip:

      - Departure: Paris
      - Arrival: Marseille
      - Wished date: Saturday 5 December 2026
      - Formula: motorcycle with rider
      - Motorcycle: Honda CB500F
      - Number of motorcycles: 2
      - Number of riders: 1
      - Trip: round trip, returning on Sunday 13 December 2026
      - Route reference: r-1042
      - Listed price: €299 to €349

      My contact details:
      - Name: Jeanne Dupont
      - E-mail: jeanne@example.fr
      - Phone: 06 12 34 56 78

      Comment: Top case & sacoches, merci !

      Could you please confirm availability and let me know how to complete the booking?

      Thank you in advance.

      Kind regards,
      Jeanne Dupont"
    `);
  });

  it('writes a quote request, mentioning a price only when one is listed', () => {
    const email = composeBookingEmail({ ...minimal, scheduled: false, priceMin: 450, priceMax: null }, { lang: 'en', to });
    expect(email.subject).toBe('Motorcycle transport quote request: Paris → Marseille on Saturday 5 December 2026');
    expect(email.body).toContain('- Listed price: from €450\n');
    expect(email.body).toContain('Could you please send me a quote for this transport?');
    const unpriced = composeBookingEmail({ ...minimal, scheduled: false }, { lang: 'en', to });
    expect(unpriced.body).not.toContain('Listed price');
  });
});

describe('composeBookingEmail details', () => {
  it('says "on quote" for a trip the service prices on quote (null prices)', () => {
    const request = { ...minimal, priceMin: null, priceMax: null };
    expect(composeBookingEmail(request, { lang: 'fr', to }).body).toContain('- Tarif indiqué : sur devis\n');
    expect(composeBookingEmail(request, { lang: 'en', to }).body).toContain('- Listed price: on quote\n');
  });

  it('writes the make alone, or the model alone', () => {
    expect(composeBookingEmail({ ...minimal, make: 'Ducati' }, { lang: 'en', to }).body).toContain('- Motorcycle: Ducati\n');
    expect(composeBookingEmail({ ...minimal, model: 'Tracer 9' }, { lang: 'fr', to }).body).toContain('- Moto : Tracer 9\n');
  });

  it('counts riders from the formula when not given', () => {
    const body = composeBookingEmail({ ...minimal, formula: 'moto-only', motorcycles: 3 }, { lang: 'fr', to }).body;
    expect(body).toContain('- Nombre de motos : 3\n- Nombre de pilotes : 0\n');
    expect(body).toContain('le transport de mes motos sur le trajet suivant');
  });

  it('keeps lines joined with \\n only', () => {
    expect(composeBookingEmail(full, { lang: 'fr', to }).body).not.toContain('\r');
  });

  it('refuses a request smuggling a header, even without prior validation', () => {
    expect(() => composeBookingEmail({ ...minimal, comment: 'hi\r\nBcc: x@y' }, { lang: 'en', to })).toThrow(UsageError);
    expect(() => composeBookingEmail({ ...minimal, from: 'Paris\nBcc: x@y' }, { lang: 'en', to })).toThrow(/^--from contains/);
  });

  it('refuses an unusable reservation address', () => {
    expect(() => composeBookingEmail(minimal, { lang: 'en', to: 'reservation@symone.fr\r\nBcc: x@y' })).toThrow(UsageError);
    expect(() => composeBookingEmail(minimal, { lang: 'en', to: 'nobody' })).toThrow(/not a usable reservation address/);
  });
});

describe('prices', () => {
  it.each([
    [299, 349, 'de 299 € à 349 €', '€299 to €349'],
    [299, 299, '299 €', '€299'],
    [1299.5, null, 'à partir de 1 299,50 €', 'from €1,299.50'],
    [null, 800, 'jusqu’à 800 €', 'up to €800'],
    [null, null, 'sur devis', 'on quote'],
  ])('writes %s–%s', (min, max, fr, en) => {
    expect(formatPriceRange(min, max, 'fr')).toBe(fr);
    expect(formatPriceRange(min, max, 'en')).toBe(en);
  });

  it('groups thousands', () => {
    expect(formatEuros(1234567, 'fr')).toBe('1 234 567 €');
    expect(formatEuros(1234567, 'en')).toBe('€1,234,567');
    expect(formatEuros(0, 'en')).toBe('€0');
  });
});
