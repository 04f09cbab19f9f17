import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../src/booking/fields.js';
import { parseMailtoUri } from '../../src/booking/mailto.js';
import { suggestCities } from '../../src/core/booking/city-suggestions.js';
import { ServedCities } from '../../src/core/cities.js';
import { draftFromOptions, parseRouteId, presentationFromOptions } from '../../src/commands/book/draft.js';
import { BOOK_OPTIONS } from '../../src/commands/book/options.js';
import { resolveBookingLang } from '../../src/booking/lang.js';
import { openIsDisabled } from '../../src/output/open-link.js';
import { bookingJson, bookingText, buildBookingOutput } from '../../src/booking/request-output.js';
import { sanitiseTrip } from '../../src/domain/safe-text.js';
import type { Trip } from '../../src/domain/types.js';
import { UsageError } from '../../src/errors.js';
import { optionValues } from '../helpers/options.js';

const book = (given: Record<string, string | true> = {}) => optionValues(BOOK_OPTIONS, given, now);

const now = new Date(2026, 5, 10, 12); // 2026-06-10, local time
const destinations = {
  to: 'reservation@symone.fr',
  bookingUrl: 'https://symone.fr/moto',
  quoteUrl: 'https://symone.fr/moto?tab=tab-devis',
};

function trip(overrides: Partial<Trip> = {}): Trip {
  return {
    id: '100042',
    date: '2026-06-20',
    depart: 'Paris',
    arrival: 'Marseille',
    layovers: ['Lyon'],
    price_min: 299,
    price_max: 349,
    slots: [3, 2],
    times: ['08:00', '14:00'],
    ...overrides,
  };
}

describe('draftFromOptions', () => {
  it('reads dates like search does, any formula alias and whole counts', () => {
    const {
      input: { fields: draft, unreadable: problems },
    } = draftFromOptions(
      book({
        from: 'Paris',
        to: 'Nice',
        date: '+3j',
        return: '2026-06-20',
        formula: 'Avec Pilote',
        motorcycles: '2',
        riders: '1',
        make: 'Honda',
      }),
    );
    expect(problems).toEqual([]);
    expect(draft).toEqual({
      from: 'Paris',
      to: 'Nice',
      date: '2026-06-13',
      returnDate: '2026-06-20',
      formula: 'rider',
      motorcycles: 2,
      riders: 1,
      motorcycleModels: ['Honda'],
    });
  });

  it('leaves missing fields unset', () => {
    expect(draftFromOptions(book())).toEqual({ input: { fields: {}, unreadable: [] } });
  });

  it('takes one make and model per motorcycle, and refuses mixing --make/--model with --motorcycle', () => {
    const models = optionValues(BOOK_OPTIONS, { motorcycle: ['Honda CB500F', 'Yamaha MT-07'] }, now);
    expect(draftFromOptions(models).input.fields).toEqual({ motorcycleModels: ['Honda CB500F', 'Yamaha MT-07'] });
    const both = optionValues(BOOK_OPTIONS, { motorcycle: ['Honda CB500F'], make: 'Yamaha' }, now);
    expect(draftFromOptions(both).input.unreadable).toEqual([
      expect.stringMatching(/^--make\/--model and --motorcycle both describe the motorcycles/),
    ]);
  });

  it('gathers every bad value instead of stopping at the first, a single-value flag given twice among them', () => {
    const options = optionValues(
      BOOK_OPTIONS,
      { date: '2026-02-30', formula: 'sidecar', motorcycles: '999', name: ['A', 'B'] },
      now,
    );
    expect(draftFromOptions(options).input.unreadable).toEqual([
      expect.stringMatching(/^--date: "2026-02-30" is not a date/),
      expect.stringMatching(/^--formula: "sidecar" is not a formula/),
      '--motorcycles: "999" must be a whole number from 1 to 20.',
      '--name was given 2 times ("A", "B"); give it once.',
    ]);
  });

  it.each([
    [{ date: '2026-02-30' }, /--date.*not a date/],
    [{ return: 'soon' }, /--return.*not a date/],
    [{ formula: 'sidecar' }, /--formula.*"sidecar" is not a formula/],
    [{ motorcycles: '0' }, /--motorcycles/],
    [{ motorcycles: '1.5' }, /--motorcycles/],
    [{ riders: '-1' }, /--riders/],
  ])('refuses %j with a problem naming the flag', (options, message) => {
    const problems = draftFromOptions(book(options)).input.unreadable;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});

describe('route id and flags', () => {
  it('accepts an id token and refuses blanks, spaces and path characters', () => {
    expect(parseRouteId(undefined)).toBeUndefined();
    expect(parseRouteId(' 100042 ')).toBe('100042');
    for (const bad of ['', '  ', '10 42', '../x', 'a?b', 'x\u001b[2J'])
      expect(() => parseRouteId(bad)).toThrow(UsageError);
  });
});

describe('presentationFromOptions', () => {
  it('picks one part, or --open with its target', () => {
    expect(presentationFromOptions(book({}), false)).toEqual({
      part: undefined,
      open: undefined,
      copy: false,
      force: false,
    });
    expect(presentationFromOptions(book({ mailto: true }), false)).toEqual({
      part: 'mailto',
      open: undefined,
      copy: false,
      force: false,
    });
    expect(presentationFromOptions(book({ open: true }), false)).toEqual({
      part: undefined,
      open: 'mailto',
      copy: false,
      force: false,
    });
    expect(presentationFromOptions(book({ open: 'Form' }), false)).toEqual({
      part: undefined,
      open: 'form',
      copy: false,
      force: false,
    });
    expect(presentationFromOptions(book({ eml: 'a.eml', open: true }), false)).toEqual({
      part: undefined,
      open: 'mailto',
      eml: 'a.eml',
      copy: false,
      force: false,
    });
    expect(presentationFromOptions(book({ eml: 'a.eml', force: true }), false)).toMatchObject({ force: true });
  });

  it('refuses two choices, a part with --json, and an unknown --open target', () => {
    expect(() => presentationFromOptions(book({ mailto: true, form: true }), false)).toThrow(/--mailto and --form/);
    expect(() => presentationFromOptions(book({ text: true }), true)).toThrow(/--json.*--text/);
    expect(() => book({ open: '100042' })).toThrow(/route id goes before --open/);
  });
});

describe('resolveBookingLang', () => {
  it('follows the setting, then an English locale, else French', () => {
    expect(resolveBookingLang('en', { LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(resolveBookingLang('fr', { LANG: 'en_GB.UTF-8' })).toBe('fr');
    expect(resolveBookingLang(undefined, { LANG: 'en_US.UTF-8' })).toBe('en');
    expect(resolveBookingLang(undefined, { LC_ALL: 'en_GB.UTF-8', LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(resolveBookingLang(undefined, { LC_ALL: 'de_DE.UTF-8', LANG: 'en_US.UTF-8' })).toBe('fr');
    expect(resolveBookingLang(undefined, { LANG: 'C.UTF-8' })).toBe('fr');
    expect(resolveBookingLang(undefined, {})).toBe('fr');
  });
});

describe('city suggestions', () => {
  const cities = ['Lyon', 'Marseille', 'Nice', 'Paris', 'Saint-Étienne', 'Valence'];

  it('offers distinct, sanitised served cities in French order', () => {
    const served = new ServedCities([
      'Paris',
      'Marseille',
      'LYON',
      'Lyon',
      'Saint-Étienne',
      '\u001b]0;pwned\u0007Nice',
    ]);
    expect([...served.names]).toEqual(['LYON', 'Marseille', 'Nice', 'Paris', 'Saint-Étienne']);
  });

  const names = (term: string | undefined, exclude?: string) =>
    suggestCities(cities, term, exclude).map(({ city, served }) => (served ? city : `quote: ${city}`));

  it('offers served matches first, so Enter takes the best one, and the typed text last as an explicit quote', () => {
    expect(names(undefined)).toEqual(cities);
    expect(names('lyon')).toEqual(['Lyon']);
    expect(names('saint etienne')).toEqual(['Saint-Étienne']);
    expect(names('saint-eti')).toEqual(['Saint-Étienne', 'quote: saint-eti']);
    expect(names('e')).toEqual(['Marseille', 'Nice', 'Saint-Étienne', 'Valence', 'quote: e']);
    expect(names('Va')).toEqual(['Valence', 'quote: Va']);
    expect(names('Brest')).toEqual(['quote: Brest']);
  });

  it('offers a clear typo\u2019s served city first, and the quote first for a town that is no clear typo', () => {
    const served = new ServedCities([...cities, 'Arles']);
    const offered = (term: string) =>
      suggestCities([...cities, 'Arles'], term, undefined, served).map(({ city, served: isServed }) =>
        isServed ? city : `quote: ${city}`,
      );
    expect(offered('Marseile')[0]).toBe('Marseille');
    expect(offered('Arras')[0]).toBe('quote: Arras');
    expect(offered('Arras')).toContain('Arles');
  });

  it('leaves out the city already chosen for the other end', () => {
    expect(names(undefined, 'paris')).not.toContain('Paris');
    expect(names('Paris', 'paris')).toEqual([]);
  });
});

describe('sanitiseTrip', () => {
  it('removes escape sequences and line breaks from service text', () => {
    const clean = sanitiseTrip(trip({ depart: 'Par\u001b[31mis', arrival: 'Mar\nseille', layovers: ['\u202eLyon'] }));
    expect(clean).toMatchObject({ depart: 'Paris', arrival: 'Mar seille', layovers: ['Lyon'] });
  });
});

describe('rendering', () => {
  const request: BookingRequest = {
    from: 'Paris',
    to: 'Marseille',
    date: '2026-06-20',
    formula: 'rider',
    motorcycles: 1,
    routeId: '100042',
    priceMin: 299,
    priceMax: 349,
    scheduled: true,
    comment: 'Top case & sacoches ?',
  };

  it('prints the e-mail, then the mailto: link, then the form link; or one part alone', () => {
    const output = buildBookingOutput(request, 'fr', destinations);
    const text = bookingText(output, undefined);
    expect(text.startsWith(`To: reservation@symone.fr\nSubject: ${output.email.subject}\n\nBonjour,\n`)).toBe(true);
    expect(text.endsWith(`\n\n${output.mailto}\n\n${output.formUrl}\n`)).toBe(true);
    expect(text).toContain('samedi 20 juin 2026');
    expect(bookingText(output, 'mailto')).toBe(`${output.mailto}\n`);
    expect(bookingText(output, 'form')).toBe(`${output.formUrl}\n`);
    expect(bookingText(output, 'text')).toBe(
      `To: reservation@symone.fr\nSubject: ${output.email.subject}\n\n${output.email.body}\n`,
    );
  });

  it('links the booking form for a scheduled trip and the quote form otherwise', () => {
    expect(buildBookingOutput(request, 'en', destinations).formUrl).toMatch(
      /^https:\/\/symone\.fr\/moto\?depart=Paris&/,
    );
    const quote = buildBookingOutput({ ...request, scheduled: false, routeId: undefined }, 'en', destinations).formUrl;
    expect(new URL(quote).searchParams.get('tab')).toBe('tab-devis');
  });

  it('gives JSON whose mailto round-trips to the same e-mail', () => {
    const json = bookingJson(buildBookingOutput(request, 'en', destinations));
    expect(json).toMatchObject({ to: 'reservation@symone.fr', form_url: expect.stringContaining('route_id=100042') });
    expect(json.fields).toMatchObject({
      from: 'Paris',
      route_id: '100042',
      riders: 1,
      trip: 'one-way',
      price_min: 299,
      lang: 'en',
    });
    const parsed = parseMailtoUri(String(json.mailto));
    expect(parsed).toEqual({ to: json.to, subject: json.subject, body: json.body });
  });
});

describe('openIsDisabled', () => {
  it('is on for any value but empty, 0 or false', () => {
    expect(openIsDisabled({ MOTOROUTE_NO_OPEN: '1' })).toBe(true);
    expect(openIsDisabled({ MOTOROUTE_NO_OPEN: 'yes' })).toBe(true);
    for (const value of [undefined, '', '0', 'false', 'FALSE'])
      expect(openIsDisabled({ MOTOROUTE_NO_OPEN: value })).toBe(false);
  });
});
