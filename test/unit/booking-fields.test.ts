import { describe, expect, it } from 'vitest';
import { isEmailAddress, isPhoneNumber } from '../../src/booking/contact.js';
import type { BookingRequestDraft } from '../../src/booking/fields.js';
import { bookingDraftFromTrip } from '../../src/booking/from-trip.js';
import {
  bookingProblems,
  effectiveRiders,
  requireBookingRequest,
  validateBookingRequest,
} from '../../src/booking/fields.js';
import { UsageError } from '../../src/errors.js';

const today = '2026-11-20';
const complete: BookingRequestDraft = { from: 'Paris', to: 'Marseille', date: '2026-12-05', formula: 'rider' };

function errorOf(draft: BookingRequestDraft): string {
  try {
    validateBookingRequest(draft, { today });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('validateBookingRequest: missing fields', () => {
  it('returns nothing for a complete draft', () => {
    expect(validateBookingRequest(complete, { today })).toEqual([]);
  });

  it('lists every missing required field together, by its key, blank strings counting as missing', () => {
    expect(validateBookingRequest({}, { today })).toEqual(['from', 'to', 'date', 'formula']);
    expect(validateBookingRequest({ from: 'Paris', to: '  ', scheduled: false }, { today })).toEqual([
      'to',
      'date',
      'formula',
    ]);
  });

  it('requireBookingRequest throws one error naming all of them', () => {
    expect(() => requireBookingRequest({ from: 'Paris' }, { today })).toThrow(
      'Required booking fields are missing: to, date, formula.',
    );
    expect(() => requireBookingRequest({ ...complete, formula: undefined }, { today })).toThrow(
      'Required booking field is missing: formula.',
    );
  });

  it('requireBookingRequest trims, applies defaults and drops blank optional fields', () => {
    expect(
      requireBookingRequest(
        { ...complete, from: ' Paris ', motorcycleModels: [' Honda CB500F ', ''], comment: '   ' },
        { today },
      ),
    ).toEqual({
      from: 'Paris',
      to: 'Marseille',
      date: '2026-12-05',
      formula: 'rider',
      motorcycleModels: ['Honda CB500F'],
      motorcycles: 1,
      scheduled: false,
    });
  });
});

describe('validateBookingRequest: invalid values', () => {
  it('refuses a past date but accepts today', () => {
    expect(errorOf({ ...complete, date: '2026-11-19' })).toBe(
      'date 2026-11-19 is in the past (today is 2026-11-20); choose today or a later date.',
    );
    expect(validateBookingRequest({ ...complete, date: today }, { today })).toEqual([]);
  });

  it('refuses an impossible date', () => {
    expect(errorOf({ ...complete, date: '2026-02-30' })).toMatch(/^date: "2026-02-30" is not a date; use YYYY-MM-DD/);
    expect(errorOf({ ...complete, returnDate: 'next week' })).toMatch(/^returnDate: "next week" is not a date/);
  });

  it('refuses a return date before the date, accepts the same day', () => {
    expect(errorOf({ ...complete, returnDate: '2026-12-04' })).toBe(
      'returnDate 2026-12-04 is before date 2026-12-05; the return must be on or after the departure.',
    );
    expect(validateBookingRequest({ ...complete, returnDate: '2026-12-05' }, { today })).toEqual([]);
  });

  it('refuses a past return date even when the date is missing', () => {
    expect(errorOf({ returnDate: '2026-01-01' })).toMatch(/^returnDate 2026-01-01 is in the past/);
  });

  it('refuses a malformed e-mail', () => {
    for (const email of [
      'jean',
      'jean@',
      '@example.fr',
      'jean@example',
      'jean dupont@example.fr',
      'jean..d@example.fr',
    ]) {
      expect(errorOf({ ...complete, email })).toBe(
        `email: "${email}" is not an e-mail address; write it like name@example.fr.`,
      );
    }
  });

  it('refuses a malformed phone', () => {
    for (const phone of [
      '12345',
      '06 12 34 56',
      '06 12 34 56 78 90',
      '+33 6 12 34 5a 78',
      '6 12 34 56 78',
      '+0 6 12 34 56 78',
      '++33 6 12 34 56 78',
      '06 12 + 34 56 78',
    ]) {
      expect(errorOf({ ...complete, phone })).toMatch(
        /^phone: ".*" is not a phone number; write it like 06 12 34 56 78/,
      );
    }
  });

  it('refuses impossible counts', () => {
    expect(errorOf({ ...complete, motorcycles: 0 })).toBe(
      'motorcycles must be a whole number from 1 to 20 (got 0); for more, call the service.',
    );
    expect(errorOf({ ...complete, motorcycles: 999 })).toMatch(
      /^motorcycles must be a whole number from 1 to 20 \(got 999\)/,
    );
    expect(errorOf({ ...complete, motorcycles: 1, motorcycleModels: ['Honda CB500F', 'Yamaha MT-07'] })).toMatch(
      /^motorcycleModels names 2 motorcycles but motorcycles is 1/,
    );
    expect(errorOf({ ...complete, motorcycles: 1.5 })).toMatch(/^motorcycles must be a whole number/);
    expect(errorOf({ ...complete, motorcycles: Number.NaN })).toMatch(/^motorcycles must be a whole number/);
    expect(errorOf({ ...complete, riders: -1 })).toMatch(/^riders must be a whole number from 0 to 20 \(got -1\)/);
    expect(validateBookingRequest({ ...complete, motorcycles: 3, riders: 2 }, { today })).toEqual([]);
  });

  it('refuses a rider count that contradicts the formula', () => {
    expect(errorOf({ ...complete, formula: 'moto-only', riders: 1 })).toMatch(
      /^riders 1 contradicts formula moto-only/,
    );
    expect(errorOf({ ...complete, formula: 'rider', riders: 0 })).toMatch(/^riders 0 means motorcycles only/);
    expect(validateBookingRequest({ ...complete, formula: 'moto-only', riders: 0 }, { today })).toEqual([]);
  });

  it('refuses an unknown formula', () => {
    expect(errorOf({ ...complete, formula: 'sidecar' as never })).toMatch(/^formula: "sidecar" is not a formula/);
  });

  it('refuses a negative price from the service', () => {
    expect(errorOf({ ...complete, priceMin: -5 })).toBe('priceMin must be a price of 0 or more (got -5).');
  });
});

describe('the wording of a face', () => {
  const flags = (field: string) => `--${field === 'returnDate' ? 'return' : field}`;

  it("names no command-line flag in the library's words, whatever the problem", () => {
    const bad: BookingRequestDraft = {
      from: 'Nice',
      to: 'nice',
      date: '2026-02-30',
      returnDate: '2026-01-01',
      email: 'x',
      phone: '1',
      motorcycles: 0,
      riders: 99,
      formula: 'rider',
    };
    const problems = bookingProblems(bad, { today });
    expect(problems.length).toBeGreaterThanOrEqual(6);
    for (const problem of problems) expect(problem).not.toMatch(/--[a-z]/);
    expect(() => requireBookingRequest({}, { today })).toThrow(
      /^Required booking fields are missing: from, to, date, formula\.$/,
    );
  });

  it('names each field as fieldName says, in the messages and the missing fields alike', () => {
    expect(bookingProblems({ ...complete, returnDate: '2026-12-01' }, { today, fieldName: flags })).toEqual([
      '--return 2026-12-01 is before --date 2026-12-05; the return must be on or after the departure.',
    ]);
    expect(validateBookingRequest({ from: 'Paris' }, { today, fieldName: flags })).toEqual([
      '--to',
      '--date',
      '--formula',
    ]);
    expect(() =>
      requireBookingRequest({ ...complete, formula: 'sidecar' as never }, { today, fieldName: flags }),
    ).toThrow(/^--formula: "sidecar"/);
  });

  it('keeps one problem a field, however the fields are named', () => {
    expect(bookingProblems({ ...complete, email: 'a\nb' }, { today, fieldName: () => 'same' })).toEqual([
      'same contains a line break or control character (U+000A at position 2); write it as a single line of plain text.',
    ]);
  });
});

describe('validateBookingRequest: every problem at once', () => {
  it('lists every invalid field in one error', () => {
    const message = errorOf({ ...complete, date: '2026-02-30', email: 'jeanne', phone: '12', motorcycles: 99 });
    expect(message).toMatch(
      /^4 problems: \(1\) date: "2026-02-30" is not a date.* \(2\) email: .* \(3\) phone: .* \(4\) motorcycles /,
    );
  });

  it('refuses the same city at both ends, case and accents folded', () => {
    expect(errorOf({ ...complete, from: 'Saint-Étienne', to: 'saint etienne' })).toMatch(
      /^from and to are both "saint etienne"/,
    );
  });
});

describe('validateBookingRequest: injection', () => {
  it('keeps a comment on several lines (LF), but refuses one carrying a header after CR/LF, naming the field', () => {
    expect(
      validateBookingRequest({ ...complete, comment: 'Carénage neuf, fragile\nLivraison après 18 h' }, { today }),
    ).toEqual([]);
    expect(errorOf({ ...complete, comment: 'Merci\r\nBcc: x@y' })).toBe(
      'comment contains a control character (U+000D at position 6); write plain text (line breaks are kept).',
    );
  });

  it.each([
    ['from', 'from'],
    ['to', 'to'],
    ['name', 'name'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['routeId', 'routeId'],
  ] as const)('refuses control characters in %s', (field, flag) => {
    for (const bad of [
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u0000b',
      'a\u001bb',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
      'a\u202eb',
    ]) {
      expect(errorOf({ ...complete, [field]: bad })).toMatch(
        new RegExp(`^${flag} contains a line break or control character`),
      );
    }
  });

  it('refuses control characters in one motorcycle of several', () => {
    expect(errorOf({ ...complete, motorcycleModels: ['Honda', 'Yamaha\nBcc: x@y'] })).toMatch(
      /^motorcycleModels contains a line break/,
    );
  });

  it('checks control characters before anything else, even in an otherwise empty draft', () => {
    expect(errorOf({ name: 'Jean\nTo: evil@example.com' })).toMatch(/^name contains/);
  });
});

describe('contact checks', () => {
  it.each([
    '06 12 34 56 78',
    '0612345678',
    '06.12.34.56.78',
    '06-12-34-56-78',
    '+33 6 12 34 56 78',
    '+33612345678',
    '+33 (0)6 12 34 56 78',
    '0033 6 12 34 56 78',
    '+44 20 7946 0958',
    '01 23 45 67 89',
  ])('accepts the phone %s', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  });

  it.each([
    'jean@example.fr',
    'jean.dupont+moto@mail.example.co.uk',
    "o'neil@example.ie",
    'jérôme@exemple.fr',
    'josé@correo.españa.es',
    '用户@例子.广告',
  ])('accepts the e-mail %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it('refuses e-mails with spaces, several @ or an empty label', () => {
    expect(isEmailAddress('a@b@example.fr')).toBe(false);
    expect(isEmailAddress('jean@example..fr')).toBe(false);
    expect(isEmailAddress('jean @example.fr')).toBe(false);
  });
});

describe('helpers', () => {
  it('pre-fills a draft from a scheduled trip', () => {
    const draft = bookingDraftFromTrip({
      id: 'r-42',
      date: '2026-12-05',
      depart: 'Paris',
      arrival: 'Marseille',
      layovers: ['Lyon'],
      price_min: null,
      price_max: null,
      slots: [3, 1],
      times: ['08:30', '11:15', '16:45'],
    });
    expect(draft).toEqual({
      from: 'Paris',
      to: 'Marseille',
      date: '2026-12-05',
      priceMin: null,
      priceMax: null,
      routeId: 'r-42',
      schedule: {
        departureTime: '08:30',
        stopovers: [{ city: 'Lyon', time: '11:15' }],
        arrivalTime: '16:45',
        freePlaces: 1,
      },
      scheduled: true,
    });
    expect(validateBookingRequest(draft, { today })).toEqual(['formula']);
  });

  it('derives the number of riders from the formula when not given', () => {
    expect(effectiveRiders({ formula: 'rider', motorcycles: 2 })).toBe(2);
    expect(effectiveRiders({ formula: 'moto-only', motorcycles: 2 })).toBe(0);
    expect(effectiveRiders({ formula: 'rider', motorcycles: 3, riders: 1 })).toBe(1);
  });
});
