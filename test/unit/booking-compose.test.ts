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
  motorcycleModels: ['Honda CB500F', 'Yamaha MT-07'],
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
  schedule: {
    departureTime: '08:30',
    stopovers: [
      { city: 'Lyon', time: '11:15' },
      { city: 'Valence', time: '13:00' },
    ],
    arrivalTime: '16:45',
    freePlaces: 3,
  },
};

describe('composeBookingEmail in French', () => {
  it('writes a booking request with only the required fields', () => {
    const email = composeBookingEmail(minimal, { lang: 'fr', to });
    expect(email.to).toBe(to);
    expect(email.subject).toBe('Demande de réservation moto : Paris → Marseille, le samedi 5 décembre 2026');
    expect(email.body).toMatchInlineSnapshot(`
      "Bonjour,

      Je souhaite réserver le transport de ma moto sur le trajet suivant :

      - Date du trajet : samedi 5 décembre 2026
      - Départ : Paris
      - Arrivée : Marseille
      - Formule : moto avec pilote
      - Nombre de motos : 1
      - Nombre de pilotes : 1
      - Type de trajet : aller simple

      Pourriez-vous me confirmer la disponibilité et m’indiquer comment finaliser la réservation ?

      Je vous remercie par avance."
    `);
  });

  it('writes a booking request with every optional field', () => {
    const email = composeBookingEmail(full, { lang: 'fr', to });
    expect(email.body).toMatchInlineSnapshot(`
      "Bonjour,

      Je souhaite réserver le transport de mes motos sur le trajet suivant :

      - Date du trajet : samedi 5 décembre 2026
      - Départ : Paris à 8 h 30
      - Escales : Lyon (11 h 15) et Valence (13 h)
      - Arrivée : Marseille vers 16 h 45
      - Référence du trajet : r-1042
      - Places moto disponibles : 3 au moment de ma demande
      - Formule : moto avec pilote
      - Nombre de motos : 2
      - Motos : Honda CB500F, Yamaha MT-07
      - Nombre de pilotes : 1
      - Type de trajet : aller-retour, retour le dimanche 13 décembre 2026
      - Tarif affiché : de 299 € à 349 € par moto, pour l’aller uniquement

      Mes coordonnées :
      - Nom : Jeanne Dupont
      - E-mail : jeanne@example.fr
      - Téléphone : 06 12 34 56 78

      Commentaire : Top case & sacoches, merci !

      Pourriez-vous me confirmer la disponibilité et m’indiquer comment finaliser la réservation ?

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
    expect(email.subject).toBe('Demande de devis moto : Lille → Nice, le vendredi 1er janvier 2027');
    expect(email.body).toMatchInlineSnapshot(`
      "Bonjour,

      Je souhaite obtenir un devis pour le transport de ma moto :

      - Départ : Lille
      - Arrivée : Nice
      - Date souhaitée : vendredi 1er janvier 2027
      - Formule : moto seule (sans pilote)
      - Nombre de motos : 1
      - Type de trajet : aller simple

      Pourriez-vous m’adresser un devis pour ce transport ?

      Je vous remercie par avance."
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

      - Trip date: Saturday 5 December 2026
      - Departure: Paris
      - Arrival: Marseille
      - Formula: motorcycle with rider
      - Number of motorcycles: 1
      - Number of riders: 1
      - Trip type: one way

      Could you please confirm availability and let me know how to complete the booking?

      Thank you in advance."
    `);
  });

  it('writes a booking request with every optional field', () => {
    const email = composeBookingEmail(full, { lang: 'en', to });
    expect(email.body).toMatchInlineSnapshot(`
      "Hello,

      I would like to book transport for my motorcycles on the following trip:

      - Trip date: Saturday 5 December 2026
      - Departure: Paris at 08:30
      - Stopovers: Lyon (11:15) and Valence (13:00)
      - Arrival: Marseille, expected at 16:45
      - Route reference: r-1042
      - Free motorcycle places: 3 at the time of writing
      - Formula: motorcycle with rider
      - Number of motorcycles: 2
      - Motorcycles: Honda CB500F, Yamaha MT-07
      - Number of riders: 1
      - Trip type: round trip, returning on Sunday 13 December 2026
      - Listed price: €299 to €349 per motorcycle, outbound trip only

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
    const email = composeBookingEmail(
      { ...minimal, scheduled: false, priceMin: 450, priceMax: null },
      { lang: 'en', to },
    );
    expect(email.subject).toBe('Motorcycle transport quote request: Paris → Marseille on Saturday 5 December 2026');
    // One way: the price covers the one trip asked for, so "outbound trip only" would only puzzle.
    expect(email.body).toContain('- Listed price: from €450 per motorcycle\n');
    expect(email.body).toContain('Could you please send me a quote for this transport?');
    const french = composeBookingEmail(
      { ...minimal, scheduled: false, priceMin: 450, priceMax: null },
      { lang: 'fr', to },
    );
    expect(french.body).toContain('- Tarif affiché\u00a0: à partir de 450\u00a0€ par moto\n');
    expect(french.body).not.toContain('aller uniquement');
    const unpriced = composeBookingEmail({ ...minimal, scheduled: false }, { lang: 'en', to });
    expect(unpriced.body).not.toContain('Listed price');
  });
});

describe('composeBookingEmail details', () => {
  it('says "on request" for a trip the service prices on quote (null prices)', () => {
    const request = { ...minimal, priceMin: null, priceMax: null };
    expect(composeBookingEmail(request, { lang: 'fr', to }).body).toContain('- Tarif affiché : sur devis\n');
    expect(composeBookingEmail(request, { lang: 'en', to }).body).toContain('- Listed price: on request\n');
  });

  it('writes one make and model, or several', () => {
    expect(composeBookingEmail({ ...minimal, motorcycleModels: ['Ducati'] }, { lang: 'en', to }).body).toContain(
      '- Motorcycle: Ducati\n',
    );
    const two = { ...minimal, motorcycles: 3, motorcycleModels: ['Yamaha Tracer 9', 'BMW R 1250 GS'] };
    expect(composeBookingEmail(two, { lang: 'fr', to }).body).toContain(
      '- Nombre de motos : 3\n- Motos : Yamaha Tracer 9, BMW R 1250 GS\n',
    );
  });

  it('puts the departure time in the subject of a scheduled trip', () => {
    expect(composeBookingEmail(full, { lang: 'fr', to }).subject).toBe(
      'Demande de réservation moto\u00a0: Paris → Marseille, le samedi 5 décembre 2026 à 8\u00a0h\u00a030',
    );
    expect(composeBookingEmail(full, { lang: 'en', to }).subject).toBe(
      'Motorcycle transport booking request: Paris → Marseille on Saturday 5 December 2026 at 08:30',
    );
  });

  it('never ends on a dangling closing: the name, else the signature, else no closing at all', () => {
    const unsigned = composeBookingEmail(minimal, { lang: 'fr', to }).body;
    expect(unsigned.endsWith('Je vous remercie par avance.')).toBe(true);
    expect(unsigned).not.toContain('Cordialement');
    const signed = composeBookingEmail(minimal, {
      lang: 'en',
      to,
      signature: 'Jeanne Dupont\\nMoto Club de Lyon\n',
    }).body;
    expect(signed.endsWith('Thank you in advance.\n\nKind regards,\nJeanne Dupont\nMoto Club de Lyon')).toBe(true);
    const named = composeBookingEmail({ ...minimal, name: 'Paul' }, { lang: 'en', to, signature: 'Jeanne' }).body;
    expect(named.endsWith('Kind regards,\nPaul')).toBe(true);
  });

  it('uses the greeting setting in place of « Bonjour, »', () => {
    expect(composeBookingEmail(minimal, { lang: 'fr', to, greeting: 'Bonjour Madame, Monsieur,' }).body).toMatch(
      /^Bonjour Madame, Monsieur,\n\n/,
    );
  });

  it('counts riders from the formula when not given', () => {
    const body = composeBookingEmail({ ...minimal, formula: 'moto-only', motorcycles: 3 }, { lang: 'fr', to }).body;
    expect(body).toContain('- Nombre de motos : 3\n- Type de trajet');
    expect(body).not.toContain('pilotes');
    expect(body).toContain('le transport de mes motos sur le trajet suivant');
  });

  it('keeps lines joined with \\n only', () => {
    expect(composeBookingEmail(full, { lang: 'fr', to }).body).not.toContain('\r');
  });

  it('refuses a request smuggling a header, even without prior validation', () => {
    expect(() => composeBookingEmail({ ...minimal, comment: 'hi\r\nBcc: x@y' }, { lang: 'en', to })).toThrow(
      UsageError,
    );
    expect(() => composeBookingEmail({ ...minimal, from: 'Paris\nBcc: x@y' }, { lang: 'en', to })).toThrow(
      /^from contains/,
    );
  });

  it('refuses an unusable reservation address', () => {
    expect(() => composeBookingEmail(minimal, { lang: 'en', to: 'reservation@symone.fr\r\nBcc: x@y' })).toThrow(
      UsageError,
    );
    expect(() => composeBookingEmail(minimal, { lang: 'en', to: 'nobody' })).toThrow(
      /not a usable reservation address/,
    );
    expect(() => composeBookingEmail(minimal, { lang: 'en', to: 'nobody' })).toThrow(
      /give a plain address like reservation@symone.fr as to\.$/,
    );
  });
});

describe('composeBookingEmail in the desk\u2019s voice', () => {
  const signature = 'Léa Martin\\nAgence Motos Lyon';

  it('asks on behalf of the named customer, with « nous », and the desk signs', () => {
    const email = composeBookingEmail(full, { lang: 'fr', to, voice: 'desk', signature });
    expect(email.body).toContain(
      'Nous souhaitons réserver, au nom de Jeanne Dupont, le transport de ses motos sur le trajet suivant\u00a0:',
    );
    expect(email.body).toContain('Coordonnées de contact\u00a0:\n- Nom\u00a0: Jeanne Dupont\n');
    expect(email.body).toContain(
      'Pourriez-vous nous confirmer la disponibilité et nous indiquer comment finaliser la réservation\u202f?\n\nNous vous remercions par avance.',
    );
    expect(email.body.endsWith('Cordialement,\nLéa Martin\nAgence Motos Lyon')).toBe(true);
    expect(email.body).not.toMatch(/\b(ma|mes) motos?\b|Mes coordonnées|Je souhaite|Je vous remercie/);
    // Two customers of the desk on one trip: the subject names each.
    expect(email.subject).toBe(
      'Demande de réservation moto pour Jeanne Dupont\u00a0: Paris → Marseille, le samedi 5 décembre 2026 à 8\u00a0h\u00a030',
    );
    const other = composeBookingEmail(
      { ...full, name: 'Camille Martin' },
      { lang: 'fr', to, voice: 'desk', signature },
    );
    expect(other.subject).not.toBe(email.subject);
  });

  it('speaks of the motorcycle, not of a customer it cannot name, in English too, and ends unsigned without a signature', () => {
    const fr = composeBookingEmail({ ...minimal, scheduled: false }, { lang: 'fr', to, voice: 'desk' });
    expect(fr.body).toContain('Nous souhaitons obtenir un devis pour le transport d’une moto\u00a0:');
    const two = composeBookingEmail({ ...minimal, motorcycles: 2 }, { lang: 'fr', to, voice: 'desk' });
    expect(two.body).toContain('Nous souhaitons réserver le transport de deux motos sur le trajet suivant\u00a0:');
    expect(fr.subject).toBe('Demande de devis moto\u00a0: Paris → Marseille, le samedi 5 décembre 2026');
    expect(fr.body.endsWith('Nous vous remercions par avance.')).toBe(true);
    const en = composeBookingEmail(full, { lang: 'en', to, voice: 'desk', signature, greeting: 'Dear team,' });
    expect(en.body).toMatch(
      /^Dear team,\n\nOn behalf of our customer Jeanne Dupont, we would like to book transport for their motorcycles on the following trip:\n/,
    );
    expect(en.body).toContain('Our customer’s contact details:\n- Name: Jeanne Dupont\n');
    expect(en.body).toContain('Could you please confirm availability and let us know how to complete the booking?');
    expect(en.body.endsWith('Kind regards,\nLéa Martin\nAgence Motos Lyon')).toBe(true);
  });
});

describe('prices', () => {
  it.each([
    [299, 349, 'de 299\u00a0€ à 349\u00a0€', '€299 to €349'],
    [299, 299, '299\u00a0€', '€299'],
    [1299.5, null, 'à partir de 1\u202f299,50\u00a0€', 'from €1,299.50'],
    [null, 800, 'jusqu’à 800\u00a0€', 'up to €800'],
    [null, null, 'sur devis', 'on request'],
  ])('writes %s–%s', (min, max, fr, en) => {
    expect(formatPriceRange(min, max, 'fr')).toBe(fr);
    expect(formatPriceRange(min, max, 'en')).toBe(en);
  });

  it('groups thousands', () => {
    expect(formatEuros(1234567, 'fr')).toBe('1\u202f234\u202f567\u00a0€');
    expect(formatEuros(1234567, 'en')).toBe('€1,234,567');
    expect(formatEuros(0, 'en')).toBe('€0');
  });
});

describe('the greeting per language', () => {
  it('takes the French or the English part of a greeting setting written French|English', () => {
    const greeting = 'Bonjour l’équipe,|Hello team,';
    expect(composeBookingEmail(minimal, { lang: 'fr', to, greeting }).body).toMatch(/^Bonjour l’équipe,\n\n/);
    expect(composeBookingEmail(minimal, { lang: 'en', to, greeting }).body).toMatch(/^Hello team,\n\n/);
    expect(composeBookingEmail(minimal, { lang: 'en', to, greeting: 'Dear team,' }).body).toMatch(/^Dear team,\n\n/);
    expect(composeBookingEmail(minimal, { lang: 'en', to, greeting: 'Bonjour,|' }).body).toMatch(/^Hello,\n\n/);
  });
});

describe('who the e-mail answers and copies', () => {
  const customer: BookingRequest = { ...minimal, name: 'Camille Martin', email: 'camille@exemple.fr' };

  it('the customer writes: replies to the customer; the desk writes: no Reply-To, the customer in Cc', () => {
    const own = composeBookingEmail(customer, { lang: 'fr', to });
    expect(own.replyTo).toBe('camille@exemple.fr');
    expect(own.cc).toBeUndefined();
    const desk = composeBookingEmail(customer, { lang: 'fr', to, voice: 'desk', signature: 'Léa' });
    expect(desk.replyTo).toBeUndefined();
    expect(desk.cc).toBe('camille@exemple.fr');
    expect(desk.signOff).toBe('Cordialement,\nLéa');
    expect(desk.body.endsWith('\n\nCordialement,\nLéa')).toBe(true);
  });
});

describe('the desk names the customer as French does', () => {
  it('elides « de » before a vowel or a mute h', () => {
    const intro = (name: string) =>
      composeBookingEmail({ ...minimal, name }, { lang: 'fr', to, voice: 'desk' }).body.split('\n')[2];
    expect(intro('Hélène Lefèvre')).toBe(
      'Nous souhaitons réserver, au nom d’Hélène Lefèvre, le transport de sa moto sur le trajet suivant\u00a0:',
    );
    expect(intro('Élodie Roux')).toContain('au nom d’Élodie Roux,');
    expect(intro('Camille Martin')).toContain('au nom de Camille Martin,');
  });
});
