import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/booking/long-date.js';
import { addDays } from '../../src/domain/dates.js';
import { CLI, childEnv } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { PTY_DRIVER } from '../helpers/pty-driver.js';
import { runPythonDriver } from '../helpers/terminal.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

const service = useService({ routes: 2000 });
beforeEach(() => service.server.stats.reset());
// A served city with an accent among the first page of trips (the cities the prompts suggest).
let added: string | undefined;
beforeAll(() => {
  added = service.server.data.addTrip({
    depart: 'Saint-Étienne',
    arrival: 'Grenoble',
    date: FIXED_DAY,
    time: '23:59',
  }).id;
});
afterAll(() => {
  if (added) service.server.data.removeTrip(added);
});

interface PtyResult {
  code: number | null;
  stdout: string;
  screen: string;
  missed?: string;
}

/** [text to wait for, keys to send one after another, seconds to let the prompt redraw after each]. */
type Step = [string, string[], number];

function runOnTerminal(args: string[], steps: Step[], env: Record<string, string> = {}): Promise<PtyResult> {
  const config = {
    argv: [process.execPath, CLI, '--base-url', service.base, ...args],
    env: childEnv({ TERM: 'xterm', ...env }),
    steps,
  };
  return runPythonDriver<PtyResult>(PTY_DRIVER, config);
}

describe('book on a terminal', () => {
  const date = addDays(FIXED_DAY, 15);

  it('asks for every missing field, suggesting served cities, and prints the e-mail', async () => {
    const result = await runOnTerminal(
      ['book', '--name', 'Jeanne Dupont'],
      [
        // Enter on an empty answer picks nothing (it used to take the first served city, Aix-en-Provence, unasked).
        ['Ville de départ', ['\r'], 0.4],
        ['Ville de départ', ['lyon'], 0.6],
        ['❯ Lyon', ['\r'], 0.4],
        ['Ville d’arrivée', ['marseille'], 0.6],
        ['❯ Marseille', ['\r'], 0.4],
        // A French date, day first.
        [
          'Date \\(JJ/MM/AAAA, aujourd’hui, demain ou \\+3j\\)',
          [`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}\r`],
          0.2,
        ],
        // The count before the day's trips are searched (none on that pair): Enter keeps the default.
        ['Nombre de motos', ['\r'], 0.2],
        ['Formule[\\s\\S]*moto seule', ['\u001b[B', '\r'], 0.2],
        // Then the skippable prompts: Enter skips.
        ['Marque et modèle de la moto', ['\r'], 0.2],
        ['Votre adresse e-mail', ['\r'], 0.2],
        ['Votre numéro de téléphone', ['\r'], 0.2],
        ['Date de retour', ['\r'], 0.2],
        ['Un commentaire pour le service', ['\r'], 0.2],
      ],
    );
    expect(result.missed, result.screen).toBeUndefined();
    expect(result.code, result.screen).toBe(0);
    expect(result.stdout).toContain('Subject: Demande de devis moto : Lyon → Marseille, le ');
    expect(result.stdout).toContain(`- Date souhaitée : ${formatLongDate(date, 'fr')}\n`);
    expect(result.stdout).toContain(
      '- Formule : moto seule (sans pilote)\n- Nombre de motos : 1\n- Type de trajet : aller simple\n',
    );
    expect(result.stdout).toMatch(/\nCordialement,\nJeanne Dupont\n\nmailto:/);
    // One listing read for the suggestions, one search for the day's trips (none on that pair), and nothing else.
    expect(service.server.stats.requests()).toBe(2);
  });

  it('asks only for the formula of a trip given by id, in English prompts and e-mail with --lang en', async () => {
    // A trip of a later day, so that its departure is still to come whatever the time of the run.
    const tomorrow = addDays(FIXED_DAY, 1);
    const page = (await (await fetch(`${service.base}/route/ai/search?date_from=${tomorrow}&limit=100`)).json()) as {
      routes: { id: string; slots: number[] }[];
    };
    const listed = new Set(
      ((await (await fetch(`${service.base}/route/get/results`)).json()) as { id: string | number }[]).map((r) =>
        String(r.id),
      ),
    );
    const id = page.routes.find((trip) => listed.has(trip.id) && Math.min(...trip.slots) >= 1)!.id;
    const result = await runOnTerminal(
      ['--lang', 'en', 'book', id, '--text'],
      [
        ['Formula[\\s\\S]*motorcycle with rider', ['\r'], 0.2],
        ['Number of motorcycles', ['\r'], 0.2],
        ['Make and model of the motorcycle', ['\r'], 0.2],
        ['Number of riders', ['\r'], 0.2],
        ['Your name', ['\r'], 0.2],
        ['Your e-mail address', ['\r'], 0.2],
        ['Your phone number', ['\r'], 0.2],
        ['Return date', ['\r'], 0.2],
        ['A comment for the service', ['\r'], 0.2],
      ],
    );
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).not.toMatch(/Departure city|Date \(/);
    expect(result.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: Motorcycle transport booking request: /);
    expect(result.stdout).toContain(`- Route reference: ${id}\n`);
    expect(result.stdout).toContain('- Formula: motorcycle with rider\n');
  });

  it('takes the best served match on Enter, offers the quote first for a town that is no clear typo, and speaks French', async () => {
    const erase = (text: string) => '\u007f'.repeat(text.length);
    const result = await runOnTerminal(
      ['book'],
      [
        // Half-typed: Enter takes Saint-Étienne, the served city, not the text.
        ['Ville de départ', ['saint-eti'], 0.6],
        ['❯ Saint-Étienne[\\s\\S]*Demander quand même un devis pour «\\s?saint-eti\\s?»', ['\r'], 0.4],
        // Unserved, and two letters from Arles (no clear typo): the quote for the town as typed comes first, saying
        // what it does, Arles below it; once chosen, the town is never corrected to the served city it resembles.
        ['Ville d’arrivée', ['Arras'], 0.6],
        ['❯ Demander quand même un devis pour «\\s?Arras\\s?» \\(ville non desservie[\\s\\S]*Arles', ['\r'], 0.4],
        ['Date \\(JJ/MM/AAAA', ['7/12/26', '\r'], 0.3],
        [
          '«\\s?7/12/26\\s?»\\s?: l’année doit être écrite en entier, comme 07/12/2026\\.',
          [erase('7/12/26'), 'hier', '\r'],
          0.3,
        ],
        [
          '«\\s?hier\\s?» n’est pas une date\\s?: tapez JJ/MM/AAAA \\(le jour d’abord\\)',
          [erase('hier'), 'demain\r'],
          0.2,
        ],
        ['Nombre de motos', ['\u007f', '2\r'], 0.2],
        ['Formule', ['\r'], 0.2],
        ['Marque et modèle de la moto 1 sur 2 \\(Entrée pour passer\\)', ['Honda CB500F\r'], 0.2],
        ['Marque et modèle de la moto 2 sur 2', ['\r'], 0.2],
        ['Nombre de pilotes du voyage', ['\r'], 0.2],
        ['Votre nom', ['Jeanne Dupont\r'], 0.2],
        ['Votre adresse e-mail', ['jeanne', '\r'], 0.3],
        ['Ce n’est pas une adresse e-mail', [erase('jeanne'), 'jeanne@example.fr\r'], 0.2],
        ['Votre numéro de téléphone', ['\r'], 0.2],
        ['Date de retour', ['\r'], 0.2],
        ['Un commentaire pour le service', ['\r'], 0.2],
      ],
    );
    expect(result.missed, result.screen).toBeUndefined();
    expect(result.code, result.screen).toBe(0);
    const tomorrow = addDays(FIXED_DAY, 1);
    expect(result.stdout).toContain(
      `- Départ : Saint-Étienne\n- Arrivée : Arras\n- Date souhaitée : ${formatLongDate(tomorrow, 'fr')}\n`,
    );
    expect(result.stdout).toContain('- Nombre de motos : 2\n- Moto : Honda CB500F\n- Nombre de pilotes : 2\n');
    expect(result.stdout).toContain('- Nom : Jeanne Dupont\n- E-mail : jeanne@example.fr\n');
    expect(result.stdout).toMatch(/\nCordialement,\nJeanne Dupont\n\nmailto:/);
  });

  it('corrects a typo as the flags do, offers the trips of the chosen day, then asks for a return and a comment', async () => {
    const day = addDays(FIXED_DAY, 40);
    const back = addDays(FIXED_DAY, 47);
    const numeric = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const trip = service.server.data.addTrip({
      depart: 'Brest',
      arrival: 'Perpignan',
      layovers: ['Rennes'],
      date: day,
      times: ['07:00', '09:15', '19:30'],
      slots: [1, 2],
    }).id;
    try {
      const result = await runOnTerminal(
        ['--lang', 'fr', 'book', '--text'],
        [
          // A typo: the served city it is a typo of comes first, as --from would have it.
          ['Ville de départ', ['renes'], 0.6],
          ['❯ Rennes', ['\r'], 0.4],
          ['Ville d’arrivée', ['perpignan'], 0.6],
          ['❯ Perpignan', ['\r'], 0.4],
          ['Date \\(JJ/MM/AAAA', [`${numeric(day)}\r`], 0.2],
          ['Nombre de motos', ['\r'], 0.2],
          // The part ridden: boarding at Rennes at 9 h 15, its one leg's two free places.
          [
            `Un trajet part ce jour-là[\\s\\S]*❯ 9\u00a0h\u00a015 Rennes → Perpignan · trajet ${trip} · 2 places libres[\\s\\S]*Aucun\u00a0: demander un devis pour ce jour`,
            ['\r'],
            0.3,
          ],
          ['Formule', ['\r'], 0.2],
          ['Marque et modèle de la moto', ['\r'], 0.2],
          ['Nombre de pilotes du voyage', ['\r'], 0.2],
          ['Votre nom', ['Jeanne Dupont\r'], 0.2],
          ['Votre adresse e-mail', ['jeanne@example.fr\r'], 0.2],
          ['Votre numéro de téléphone', ['\r'], 0.2],
          ['Date de retour', [`${numeric(addDays(FIXED_DAY, 30))}\r`], 0.3],
          ['avant le départ', ['\u007f'.repeat(10), `${numeric(back)}\r`], 0.3],
          ['Un commentaire pour le service', ['Top case et sacoches\r'], 0.2],
        ],
      );
      expect(result.missed, result.screen).toBeUndefined();
      expect(result.code, result.screen).toBe(0);
      expect(result.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: Demande de réservation moto/);
      expect(result.stdout).toContain(trip);
      expect(result.stdout).toContain('Rennes');
      expect(result.stdout).not.toContain('Brest');
      expect(result.stdout).toContain(formatLongDate(back, 'fr'));
      expect(result.stdout).toContain('Top case et sacoches');
    } finally {
      service.server.data.removeTrip(trip);
    }
  }, 30_000);

  it('asks a quote for the day when none of its trips is picked', async () => {
    const day = addDays(FIXED_DAY, 41);
    const trip = service.server.data.addTrip({ depart: 'Brest', arrival: 'Perpignan', date: day, time: '07:00' }).id;
    try {
      const result = await runOnTerminal(
        ['--lang', 'fr', 'book', '--text', '--name', 'Jeanne Dupont', '--phone', '06 12 34 56 78'],
        [
          ['Ville de départ', ['brest'], 0.6],
          ['❯ Brest', ['\r'], 0.4],
          ['Ville d’arrivée', ['perpignan'], 0.6],
          ['❯ Perpignan', ['\r'], 0.4],
          ['Date \\(JJ/MM/AAAA', [`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}\r`], 0.2],
          ['Nombre de motos', ['\r'], 0.2],
          [`❯ 7\u00a0h Brest → Perpignan · trajet ${trip}`, ['\u001b[B'], 0.3],
          ['❯ Aucun\u00a0: demander un devis pour ce jour', ['\r'], 0.3],
          ['Formule', ['\r'], 0.2],
          ['Marque et modèle de la moto', ['\r'], 0.2],
          ['Nombre de pilotes du voyage', ['\r'], 0.2],
          ['Votre adresse e-mail', ['\r'], 0.2],
          ['Date de retour', ['\r'], 0.2],
          ['Un commentaire pour le service', ['\r'], 0.2],
        ],
      );
      expect(result.missed, result.screen).toBeUndefined();
      expect(result.code, result.screen).toBe(0);
      expect(result.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: Demande de devis moto/);
      expect(result.stdout).not.toContain(trip);
      expect(result.stdout).toContain(`- Date souhaitée\u00a0: ${formatLongDate(day, 'fr')}\n`);
    } finally {
      service.server.data.removeTrip(trip);
    }
  }, 30_000);

  it('offers no full trip, and goes on as a quote for the day when its trips cannot be searched', async () => {
    const day = addDays(FIXED_DAY, 42);
    const full = service.server.data.addTrip({
      depart: 'Brest',
      arrival: 'Perpignan',
      date: day,
      time: '07:00',
      slots: [0],
    }).id;
    const steps = (date: string): Step[] => [
      ['Ville de départ', ['brest'], 0.6],
      ['❯ Brest', ['\r'], 0.4],
      ['Ville d’arrivée', ['perpignan'], 0.6],
      ['❯ Perpignan', ['\r'], 0.4],
      ['Date \\(JJ/MM/AAAA', [`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}\r`], 0.2],
      ['Nombre de motos', ['\r'], 0.2],
      ['Formule', ['\r'], 0.2],
      ['Marque et modèle de la moto', ['\r'], 0.2],
      ['Nombre de pilotes du voyage', ['\r'], 0.2],
      ['Votre adresse e-mail', ['\r'], 0.2],
      ['Date de retour', ['\r'], 0.2],
      ['Un commentaire pour le service', ['\r'], 0.2],
    ];
    const args = ['--lang', 'fr', 'book', '--text', '--name', 'Jeanne Dupont', '--phone', '06 12 34 56 78'];
    try {
      // The day's one trip has no free place: nothing to pick, the request is a quote for that day.
      const noPlace = await runOnTerminal(args, steps(day));
      expect(noPlace.missed, noPlace.screen).toBeUndefined();
      expect(noPlace.code, noPlace.screen).toBe(0);
      expect(noPlace.screen).not.toContain(full);
      expect(noPlace.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: Demande de devis moto/);
      // The search of the day's trips fails (each of its attempts): said, and the session goes on.
      service.server.faults.failNext(3, '/route/ai/search');
      const failed = await runOnTerminal(args, steps(addDays(FIXED_DAY, 43)));
      expect(failed.missed, failed.screen).toBeUndefined();
      expect(failed.code, failed.screen).toBe(0);
      expect(failed.screen).toContain('Les trajets de ce jour n’ont pas pu être cherchés');
      expect(failed.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: Demande de devis moto/);
    } finally {
      service.server.faults.clear();
      service.server.data.removeTrip(full);
    }
  }, 60_000);

  it('asks the motorcycle count before the day’s trips, and offers only the trips that can take them', async () => {
    const day = addDays(FIXED_DAY, 44);
    const trip = service.server.data.addTrip({
      depart: 'Brest',
      arrival: 'Perpignan',
      date: day,
      time: '07:00',
      slots: [1],
    }).id;
    const args = ['--lang', 'fr', 'book', '--text', '--name', 'Jeanne Dupont', '--phone', '06 12 34 56 78'];
    const start: Step[] = [
      ['Ville de départ', ['brest'], 0.6],
      ['❯ Brest', ['\r'], 0.4],
      ['Ville d’arrivée', ['perpignan'], 0.6],
      ['❯ Perpignan', ['\r'], 0.4],
      ['Date \\(JJ/MM/AAAA', [`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}\r`], 0.2],
    ];
    const end: Step[] = [
      ['Nombre de pilotes du voyage', ['\r'], 0.2],
      ['Votre adresse e-mail', ['\r'], 0.2],
      ['Date de retour', ['\r'], 0.2],
      ['Un commentaire pour le service', ['\r'], 0.2],
    ];
    try {
      // Two motorcycles for the trip's one free place: it is not offered, the request is a quote for the day.
      const two = await runOnTerminal(args, [
        ...start,
        ['Nombre de motos', ['\u007f', '2\r'], 0.2],
        ['Formule', ['\r'], 0.2],
        ['Marque et modèle de la moto 1 sur 2', ['\r'], 0.2],
        ['Marque et modèle de la moto 2 sur 2', ['\r'], 0.2],
        ...end,
      ]);
      expect(two.missed, two.screen).toBeUndefined();
      expect(two.code, two.screen).toBe(0);
      expect(two.screen).not.toContain(trip);
      expect(two.screen).toContain(
        'Le seul trajet de ce jour n’a pas de place pour 2\u00a0motos\u00a0: la demande continue comme un devis pour ce jour.',
      );
      expect(two.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: Demande de devis moto/);
      expect(two.stdout).toContain('- Nombre de motos\u00a0: 2\n');
      // One motorcycle: the trip takes it, and is booked once picked.
      const one = await runOnTerminal(args, [
        ...start,
        ['Nombre de motos', ['\r'], 0.2],
        [`❯ 7\u00a0h Brest → Perpignan · trajet ${trip} · 1 place libre`, ['\r'], 0.3],
        ['Formule', ['\r'], 0.2],
        ['Marque et modèle de la moto', ['\r'], 0.2],
        ...end,
      ]);
      expect(one.missed, one.screen).toBeUndefined();
      expect(one.code, one.screen).toBe(0);
      expect(one.stdout).toMatch(/^To: reservation@symone\.fr\nSubject: Demande de réservation moto/);
      expect(one.stdout).toContain(trip);
      // The keys' help under a list is in the session's words too.
      expect(one.screen).toContain('naviguer');
      expect(one.screen).not.toContain('navigate');
    } finally {
      service.server.data.removeTrip(trip);
    }
  }, 60_000);

  it('turns Ctrl-C at a prompt into exit 130 with nothing printed', async () => {
    const result = await runOnTerminal(['book', '--from', 'Paris', '--to', 'Nice'], [['Date \\(', ['\u0003'], 0.2]]);
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
  });
});
