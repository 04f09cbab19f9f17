import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { allSearchTrips, useService } from '../helpers/service.js';
import type { Trip } from '../../src/domain/types.js';

// `motoroute desk` over real HTTP: the one-time link, the cookie, and every request a foreign page could send.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const service = useService({ routes: 200 });
let child: ChildProcess;
let openUrl: URL;
let stdout = '';
let stderr = '';

let onePlace = '';
beforeAll(async () => {
  onePlace = service.server.data.addTrip({
    depart: 'Paris',
    arrival: 'Marseille',
    date: FIXED_DAY,
    time: '09:00',
    slots: [1],
  }).id;
  child = spawn(process.execPath, [CLI, '--base-url', service.base, 'desk', '--no-open'], {
    env: childEnv({ LANG: 'en_GB.UTF-8' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  for (let waited = 0; waited < 15_000 && !stdout.includes('\n'); waited += 20) {
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!stdout.includes('\n')) throw new Error(`motoroute desk printed no link: ${stderr}`);
  openUrl = new URL(stdout.trim());
});
afterAll(async () => {
  service.server.data.removeTrip(onePlace);
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

describe('motoroute desk', () => {
  let cookie = '';
  let csrf = '';

  it('prints one line: a loopback link with a one-time token', () => {
    expect(stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}\n$/);
  });

  it('refuses a request without the cookie or token, with a CSP and without CORS', async () => {
    const answer = await send(`${openUrl.origin}/api/cities`, { headers: { origin: openUrl.origin } });
    expect(answer.status).toBe(401);
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a rebound name in Host, even with the token', async () => {
    const answer = await send(openUrl.href, { headers: { host: 'evil.example' } });
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
    const withPort = await send(openUrl.href, { headers: { host: `evil.example:${openUrl.port}` } });
    expect(withPort.status).toBe(403);
  });

  it('turns the token into an HttpOnly SameSite=Strict cookie once, and refuses it a second time', async () => {
    const first = await send(openUrl.href);
    expect(first.status).toBe(303);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    cookie = setCookie.split(';')[0] ?? '';
    const again = await send(openUrl.href);
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers the session: its CSRF token and the served cities, without CORS', async () => {
    const session = await send(`${openUrl.origin}/api/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    csrf = (JSON.parse(session.body) as { csrf: string }).csrf;
    expect(csrf).toMatch(/^[\w-]{40,}$/);
    const cities = await send(`${openUrl.origin}/api/cities`, { headers: { cookie, origin: openUrl.origin } });
    expect(cities.status).toBe(200);
    expect((JSON.parse(cities.body) as { cities: string[] }).cities).toContain('Paris');
    expect(cities.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers a day's trips between two cities as the service's search has them, and refuses a bad date", async () => {
    const query = `depart=Paris&arrival=Marseille&date_from=${FIXED_DAY}&date_to=${FIXED_DAY}`;
    const expected = await allSearchTrips(service.base, query);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await send(`${openUrl.origin}/api/trips?from=Paris&to=Marseille&date=${FIXED_DAY}`, {
      headers: { cookie },
    });
    expect(answer.status).toBe(200);
    const { trips } = JSON.parse(answer.body) as { trips: Trip[] };
    expect(trips.map((trip) => trip.id).sort()).toEqual(expected.map((trip) => trip.id).sort());
    const bad = await send(`${openUrl.origin}/api/trips?from=Paris&to=Marseille&date=2026-02-30`, {
      headers: { cookie },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/YYYY-MM-DD/);
  });

  const post = (path: string, body: unknown) =>
    send(`${openUrl.origin}${path}`, {
      method: 'POST',
      headers: { cookie, 'x-desk-csrf': csrf, origin: openUrl.origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("drafts the booking e-mail of a day's trip with the core, in French or English as the page asks", async () => {
    const form = {
      routeId: onePlace,
      name: 'Jeanne Dupont',
      email: 'jeanne@example.fr',
      motorcycles: 1,
      formula: 'rider',
    };
    const fr = await post('/api/draft', { ...form, lang: 'fr' });
    expect(fr.status).toBe(200);
    const draft = JSON.parse(fr.body) as { subject: string; body: string; mailto: string | null; formUrl: string };
    expect(draft.subject).toMatch(/Paris/);
    expect(draft.subject).toMatch(/Marseille/);
    expect(draft.body).toMatch(/^Bonjour/);
    expect(draft.body).toContain('Jeanne Dupont');
    expect(draft.mailto).toMatch(/^mailto:/);
    expect(draft.formUrl).toMatch(/^https?:\/\//);
    const en = await post('/api/draft', { ...form, lang: 'en' });
    expect((JSON.parse(en.body) as { body: string }).body).toMatch(/^Hello/);
  });

  it('downloads the draft as an .eml that mail clients open unsent', async () => {
    const form = {
      routeId: onePlace,
      name: 'Jeanne Dupont',
      email: 'jeanne@example.fr',
      motorcycles: 1,
      formula: 'rider',
    };
    const answer = await post('/api/draft.eml', form);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('message/rfc822');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.eml"$/);
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(answer.body);
    expect(mail.headers.get('x-unsent')).toBe('1');
    expect(mail.subject).toMatch(/Paris/);
    expect(mail.subject).toMatch(/Marseille/);
    expect(mail.replyTo?.text).toContain('jeanne@example.fr');
  });

  it('refuses a trip too small for the request with the reason `book` gives', async () => {
    const form = { routeId: onePlace, email: 'jeanne@example.fr', motorcycles: 2, formula: 'rider' };
    const answer = await post('/api/draft', form);
    expect(answer.status).toBe(422);
    const { reasons } = JSON.parse(answer.body) as { reasons: string[] };
    expect(reasons.join(' ')).toMatch(/1 free motorcycle place on its fullest leg, and 2 motorcycles were asked for/);
    const { runCli } = await import('../helpers/cli.js');
    const book = await runCli([
      '--base-url',
      service.base,
      'book',
      onePlace,
      '--formula',
      'rider',
      '--motorcycles',
      '2',
      '--email',
      'jeanne@example.fr',
    ]);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain(reasons[0]);
  });

  const upload = (path: string, body: Buffer | string, withCsrf = true) =>
    send(`${openUrl.origin}${path}`, {
      method: 'POST',
      headers: {
        cookie,
        ...(withCsrf ? { 'x-desk-csrf': csrf } : {}),
        origin: openUrl.origin,
        'content-type': 'application/octet-stream',
      },
      body,
    });

  it("reads a day's file as `book --from-file` does: each row drafted or refused with the same reason", async () => {
    const csv =
      'Départ;Arrivée;Date souhaitée;Formule;E-mail\r\nParis;Lyon;17/12/2026;moto + pilote;a@exemple.fr\r\nNice;Nice;17/12/2026;moto seule;b@exemple.fr\r\nParis;Trifouillis-les-Oies;18/12/2026;moto seule;\r\nParis;Marseile;18/12/2026;moto seule;c@exemple.fr\r\n';
    const answer = await upload('/api/day?name=jour.csv&lang=fr', Buffer.from(csv));
    expect(answer.status).toBe(200);
    const day = JSON.parse(answer.body) as {
      source: string;
      drafted: number;
      refused: number;
      rows: { line: number; status: string; reasons?: string[]; file?: string; check?: boolean; notes: string[] }[];
    };
    expect(day).toMatchObject({ source: 'jour.csv', drafted: 2, refused: 2 });
    expect(day.rows.map((row) => [row.line, row.status, row.check])).toEqual([
      [2, 'drafted', false],
      [3, 'refused', undefined],
      [4, 'refused', undefined],
      [5, 'drafted', true],
    ]);
    // A town the service does not serve, nothing near: refused, never drafted as typed.
    expect(day.rows[2]?.reasons?.join(' ')).toMatch(/«\s?Trifouillis-les-Oies\s?» n’est pas une ville desservie/);
    // To check: a typo read as the one served city it stands for, said in French.
    expect(day.rows[3]?.notes.join(' ')).toMatch(/«\u202fMarseile\u202f» lu comme Marseille\./);
    expect(day.rows[3]?.file).toMatch(/^2026-12-18_paris-marseille_c\.eml$/);
    expect(day.rows[0]?.file).toMatch(/^2026-12-17_paris-lyon_a\.eml$/);
    const { runCli } = await import('../helpers/cli.js');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const folder = mkdtempSync(join(tmpdir(), 'motoroute-desk-day-'));
    try {
      writeFileSync(join(folder, 'jour.csv'), csv);
      const book = await runCli([
        '--base-url',
        service.base,
        'book',
        '--from-file',
        join(folder, 'jour.csv'),
        '--json',
        '--lang',
        'fr',
      ]);
      expect(book.code).toBe(2);
      expect(book.stderr).toContain(`ligne 3\u00a0: ${day.rows[1]?.reasons?.join(' ')}`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const zip = await upload('/api/day.zip?name=jour.csv&lang=en', Buffer.from(csv));
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="drafts-jour.zip"');
  });

  it("says what the reading of a day's file notes naming the file as uploaded, never the desk's private copy", async () => {
    // A French office's export: Windows-1252 (é as the one byte 0xE9) and a column that is no request's (the agent).
    const csv =
      'Départ;Arrivée;Date souhaitée;Formule;E-mail;Agent\r\nParis;Lyon;17/12/2026;moto + pilote;a@exemple.fr;Hélène\r\n';
    const bytes = Buffer.from(csv, 'latin1');
    expect(bytes.includes(0xe9)).toBe(true);
    const answer = await upload('/api/day?name=jour-agence.csv&lang=en', bytes);
    expect(answer.status).toBe(200);
    const { notes } = JSON.parse(answer.body) as { notes: string[] };
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^jour-agence\.csv: read as Windows-1252 \(it is not UTF-8\)/),
        expect.stringMatching(/^jour-agence\.csv: the column "Agent" is not read \(not a request column\); kept aside/),
      ]),
    );
    expect(notes.join('\n')).not.toContain('motoroute-desk-');
    const { tmpdir } = await import('node:os');
    expect(notes.join('\n')).not.toContain(tmpdir());
  });

  it("refuses a day's file that is no table, naming it as the desk named it, and an upload without the CSRF header", async () => {
    const pdf = await upload('/api/day?name=demandes.pdf', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj', 'latin1'));
    expect(pdf.status).toBe(422);
    const { reasons } = JSON.parse(pdf.body) as { reasons: string[] };
    expect(reasons).toEqual([
      expect.stringMatching(/^fichier\u00a0: demandes\.pdf ressemble à un document PDF\u202f; donnez /),
    ]);
    const empty = await upload('/api/day?name=vide.csv', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const noCsrf = await upload('/api/day?name=jour.csv', 'from,to\n', false);
    expect(noCsrf.status).toBe(403);
    const notJson = await upload('/api/draft', 'from,to\n');
    expect(notJson.status).toBe(415);
  });

  it('refuses a POST with a foreign Origin, or without the CSRF header, even with the cookie', async () => {
    const foreign = await send(`${openUrl.origin}/api/draft`, {
      method: 'POST',
      headers: { cookie, 'x-desk-csrf': csrf, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const noCsrf = await send(`${openUrl.origin}/api/draft`, {
      method: 'POST',
      headers: { cookie, origin: openUrl.origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCsrf.status).toBe(403);
  });

  it('refuses a body beyond its limit', async () => {
    const answer = await send(`${openUrl.origin}/api/draft`, {
      method: 'POST',
      headers: { cookie, 'x-desk-csrf': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(100_000) }),
    });
    expect(answer.status).toBe(413);
  });

  it('stays on loopback unless told: another host needs --allow-remote', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const result = await runCli(['desk', '--no-open', '--host', '0.0.0.0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--allow-remote/);
  });
});

describe('motoroute desk in a French session', () => {
  it('notes how long it runs in French', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const result = await runCli(['--base-url', service.base, '--lang', 'fr', 'desk', '--no-open'], {
      killOnceShown: /Ctrl-C/,
    });
    expect(result.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}\n$/);
    expect(result.stderr).toBe(
      'Le guichet reste ouvert jusqu\u2019à Ctrl-C\u202f; son lien ne sert qu\u2019une fois.\n',
    );
  });

  it('says in French that the browser could not be opened, keeps the one link and keeps running', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    // A PATH with nothing on it: no opener (xdg-open, open) and no browser can be found, so opening fails.
    const nothing = mkdtempSync(join(tmpdir(), 'motoroute-no-opener-'));
    try {
      const result = await runCli(['--base-url', service.base, '--lang', 'fr', 'desk'], {
        env: { PATH: nothing },
        killOnceShown: /Ctrl-C/,
      });
      expect(result.signal).toBe('SIGKILL');
      expect(result.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}\n$/);
      expect(result.stderr).toMatch(
        /^Attention\u00a0: impossible d\u2019ouvrir le navigateur \(.+\)\u00a0: ouvrez le lien ci-dessus\.\nLe guichet reste ouvert jusqu\u2019à Ctrl-C/,
      );
    } finally {
      rmSync(nothing, { recursive: true, force: true });
    }
  });

  it('refuses a --host beyond this machine in one French line, exit 2, before anything starts', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const result = await runCli(['--base-url', service.base, 'desk', '--no-open', '--host', '0.0.0.0'], {
      env: { MOTOROUTE_LANG: 'fr' },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Erreur\u00a0: --host\u00a0: 0.0.0.0 ouvre le guichet à d\u2019autres machines que celle-ci\u202f; ajoutez --allow-remote pour le permettre.\n',
    );
  });

  it('refuses a port in use in French, exit 2', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const result = await runCli(['--lang', 'fr', 'desk', '--no-open', '--port', openUrl.port]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Erreur\u00a0: --port\u00a0: ${openUrl.port} est déjà pris\u202f; choisissez-en un autre, ou --port 0.\n`,
    );
  });
});
