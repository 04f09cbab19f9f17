import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/booking/long-date.js';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

// Item 0 of the support-desk issue: an e-mail `book` writes can be sent unchanged.

const service = useService({ routes: 2000 });
const book = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(['--base-url', service.base, 'book', ...args], { env });
const today = FIXED_DAY;
const later = addDays(today, 12);
const quote = ['--date', later, '--formula', 'rider', '--email', 'jeanne@example.fr'];
const added: string[] = [];

let oneFreePlace: string;
let leftThisMorning: string;
let withStopovers: string;

beforeAll(() => {
  const data = service.server.data;
  const add = (trip: Parameters<typeof data.addTrip>[0]) => {
    const stored = data.addTrip(trip);
    added.push(stored.id);
    return stored.id;
  };
  oneFreePlace = add({ depart: 'Paris', arrival: 'Lyon', date: addDays(today, 3), time: '09:00', slots: [1] });
  // 00:00 has passed: the CLI's clock is at 03:00 (test/helpers/fixed-clock.ts).
  leftThisMorning = add({ depart: 'Paris', arrival: 'Nice', date: today, time: '00:00', slots: [3] });
  withStopovers = add({
    depart: 'Lille',
    arrival: 'Marseille',
    layovers: ['Paris', 'Lyon'],
    date: addDays(today, 4),
    times: ['06:30', '09:05', '13:40', '17:15'],
    slots: [2, 3, 4],
  });
  // A served city with an accent, on today's first page of trips (the served-city sample).
  add({ depart: 'Besançon', arrival: 'Dijon', date: today, time: '23:59', slots: [2] });
});
afterAll(() => {
  for (const id of added) service.server.data.removeTrip(id);
});
beforeEach(() => service.server.stats.reset());

describe('the trip check', () => {
  it('refuses more motorcycles than the fullest leg has free places, naming both, and --force is the way through', async () => {
    const result = await book([oneFreePlace, '--formula', 'rider', '--motorcycles', '3']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^Error: Route \d+ has 1 free motorcycle place on its fullest leg, and 3 motorcycles were asked for\. .*--force/,
    );
    expect(result.stdout).toBe('');
    const forced = await book([
      oneFreePlace,
      '--formula',
      'rider',
      '--motorcycles',
      '3',
      '--force',
      '--email',
      'a@b.fr',
      '--text',
    ]);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toMatch(/Warning: Route \d+ has 1 free motorcycle place .* Composed anyway \(--force\)\./);
    expect(forced.stdout).toContain('- Places moto disponibles : 1 au moment de ma demande\n');
    expect(forced.stdout).toContain('- Nombre de motos : 3\n');
  });

  it('refuses a trip that left earlier today', async () => {
    const result = await book([leftThisMorning, '--formula', 'rider']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^Error: Route \d+ left today at 00:00 \(it is \d\d:\d\d in France\)\. Choose another trip \(motoroute --base-url \S+ search Paris Nice\), or add --force/,
    );
  });

  it('states the free places it saw, the times and the stopovers, labelled as the trip’s date, with the time in the subject', async () => {
    const date = addDays(today, 4);
    const fr = await book([
      withStopovers,
      '--formula',
      'rider',
      '--motorcycles',
      '2',
      '--email',
      'jeanne@example.fr',
      '--text',
    ]);
    expect(fr.code, fr.stderr).toBe(0);
    expect(fr.stdout).toContain(
      `Subject: Demande de réservation moto : Lille → Marseille, le ${formatLongDate(date, 'fr')} à 6\u00a0h\u00a030\n`,
    );
    expect(fr.stdout).toContain(
      `- Date du trajet : ${formatLongDate(date, 'fr')}\n- Départ : Lille à 6\u00a0h\u00a030\n- Escales : Paris (9\u00a0h\u00a005) et Lyon (13\u00a0h\u00a040)\n` +
        `- Arrivée : Marseille vers 17\u00a0h\u00a015\n- Référence du trajet : ${withStopovers}\n- Places moto disponibles : 2 au moment de ma demande\n`,
    );
    expect(fr.stdout).not.toMatch(/souhaitée/);
    const en = await book([withStopovers, '--formula', 'rider', '--phone', '06 12 34 56 78', '--text', '--lang', 'en']);
    expect(en.stdout).toContain(`on ${formatLongDate(date, 'en')} at 06:30\n`);
    expect(en.stdout).toContain(
      '- Departure: Lille at 06:30\n- Stopovers: Paris (09:05) and Lyon (13:40)\n- Arrival: Marseille, expected at 17:15\n',
    );
    expect(en.stdout).toContain('- Free motorcycle places: 2 at the time of writing\n');
    expect(en.stdout).toMatch(/- Listed price: .* per motorcycle\n/); // one way: no "outbound trip only"
  });
});

describe('contact and closing', () => {
  it('warns when the e-mail gives no way to reach the customer, and does not end on a bare closing', async () => {
    const result = await book(['--from', 'Paris', '--to', 'Lyon', '--date', later, '--formula', 'rider', '--text']);
    expect(result.code).toBe(0);
    // The e-mail is French here, and so is the warning about it; in English, English.
    expect(result.stderr).toMatch(
      /^Warning: l’e-mail ne donne aucun moyen de vous joindre\u00a0: ajoutez --email ou --phone/m,
    );
    const english = await book([
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      later,
      '--formula',
      'rider',
      '--text',
      '--lang',
      'en',
    ]);
    expect(english.stderr).toMatch(/^Warning: the e-mail gives no way to reach you: add --email or --phone/m);
    expect(result.stdout.trimEnd().endsWith('Je vous remercie par avance.')).toBe(true);
    expect(result.stdout).not.toContain('Cordialement');
  });

  it('signs with the signature setting, and opens with the greeting setting', async () => {
    const env = {
      MOTOROUTE_SIGNATURE: 'Jeanne Dupont\\nMoto Club de Lyon',
      MOTOROUTE_GREETING: 'Bonjour Madame, Monsieur,',
    };
    const result = await book(['--from', 'Paris', '--to', 'Lyon', ...quote, '--text'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('\n\nBonjour Madame, Monsieur,\n\n');
    expect(result.stdout.endsWith('Cordialement,\nJeanne Dupont\nMoto Club de Lyon\n')).toBe(true);
  });

  it('accepts an internationalised e-mail address', async () => {
    const result = await book([
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      later,
      '--formula',
      'rider',
      '--email',
      'jérôme@exemple.fr',
      '--text',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('- E-mail : jérôme@exemple.fr\n');
  });
});

describe('cities given as flags', () => {
  it('writes them as the service spells them, case and accents folded', async () => {
    const result = await book(['--from', 'besancon', '--to', 'DIJON', ...quote, '--text']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('- Départ : Besançon\n- Arrivée : Dijon\n');
    expect(result.stderr).not.toMatch(/not among/);
  });

  it('refuses a city the service does not serve when no served city clearly matches, before anything is written', async () => {
    const result = await book(['--from', 'Atlantis', '--to', 'Paris', ...quote, '--text']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: --from: "Atlantis" is not a city the service serves\.[^\n]*\n$/);
    expect(result.stdout).toBe('');
  });

  it('reads a typo as the one served city it stands for, and says so', async () => {
    const result = await book(['--from', 'Paris', '--to', 'Marseile', ...quote, '--text']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Warning: --to: "Marseile" read as Marseille.');
    expect(result.stdout).toContain('- Arrivée\u00a0: Marseille\n');
  });

  it('refuses the same city at both ends, before any request', async () => {
    const result = await book(['--from', 'Paris', '--to', 'paris', ...quote]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^Error: --from and --to are both "paris"; the departure and arrival must be different cities\.\n$/,
    );
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('input checks', () => {
  it('lists every invalid field at once', async () => {
    const result = await book([
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      later,
      '--formula',
      'rider',
      '--email',
      'jeanne',
      '--phone',
      '12',
      '--motorcycles',
      '999',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^Error: 3 problems: \(1\) --motorcycles: "999" must be a whole number from 1 to 20\. \(2\) --email: .* \(3\) --phone: /,
    );
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(service.server.stats.requests()).toBe(0);
  });

  it('takes one make and model per motorcycle, and refuses a single-value flag given twice', async () => {
    const args = [
      '--from',
      'Paris',
      '--to',
      'Lyon',
      ...quote,
      '--motorcycle',
      'Honda CB500F',
      '--motorcycle',
      'Yamaha MT-07',
      '--text',
    ];
    const result = await book(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      '- Nombre de motos : 2\n- Motos : Honda CB500F, Yamaha MT-07\n- Nombre de pilotes : 2\n',
    );
    const twice = await book(['--from', 'Paris', '--to', 'Lyon', ...quote, '--make', 'Honda', '--make', 'Yamaha']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('Error: --make was given 2 times ("Honda", "Yamaha"); give it once.\n');
  });

  it('reads French relative dates', async () => {
    const result = await book([
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      '+3j',
      '--formula',
      'rider',
      '--email',
      'a@b.fr',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).fields.date).toBe(addDays(today, 3));
  });

  it.each([
    [['--format', 'csv'], /book prints an e-mail, not rows: --format csv cannot be honoured/],
    [['--format', 'tsv'], /--format tsv cannot be honoured/],
    [['--fields', 'to,subject'], /--fields cannot be honoured/],
  ])('refuses output it cannot honour: %j', async (globals, message) => {
    const result = await runCli([
      '--base-url',
      service.base,
      ...globals,
      'book',
      '--from',
      'Paris',
      '--to',
      'Lyon',
      ...quote,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(service.server.stats.requests()).toBe(0);
  });

  it('says the form pre-fill is best effort, with --form and in help', async () => {
    const result = await book(['--from', 'Paris', '--to', 'Lyon', ...quote, '--form']);
    expect(result.code).toBe(0);
    // In the e-mail's language, as the rest of the flow.
    expect(result.stderr).toMatch(/Le formulaire peut ignorer les champs préremplis .*\u00a0: vérifiez chaque champ/);
    const english = await book(['--from', 'Paris', '--to', 'Lyon', ...quote, '--form', '--lang', 'en']);
    expect(english.stderr).toMatch(/The form may ignore the pre-filled fields/);
    const help = await book(['--help']);
    expect(help.stdout).toMatch(/pre-fill is best effort/);
  });
});
