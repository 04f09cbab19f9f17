import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/booking/long-date.js';
import { addDays } from '../../src/domain/dates.js';
import { CLI, childEnv, runCli } from '../helpers/cli.js';
import { parseCleanDrafts } from '../helpers/drafts.js';
import { PTY_DRIVER } from '../helpers/pty-driver.js';
import { useService } from '../helpers/service.js';
import { runPythonDriver } from '../helpers/terminal.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

// Issue 25, items 4 and 5: the desk writes on its customer's behalf, and sees what it will write before many drafts.

const service = useService({ routes: 100 });
const folder = mkdtempSync(join(tmpdir(), 'motoroute-voice-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const book = (args: string[], env: Record<string, string> = {}) =>
  runCli(['--base-url', service.base, 'book', ...args], { env });
const date = addDays(FIXED_DAY, 20);
const frenchDate = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const SIGNATURE = { MOTOROUTE_SIGNATURE: 'Léa Martin\\nAgence Motos Lyon' };
const request = [
  '--from',
  'Paris',
  '--to',
  'Lyon',
  '--date',
  frenchDate,
  '--formula',
  'rider',
  '--name',
  'Jeanne Dupont',
  '--phone',
  '06 12 34 56 78',
  '--text',
];

describe('the desk’s voice', () => {
  it('asks on the customer’s behalf in French and English, and signs with the desk’s signature', async () => {
    const fr = await book([...request, '--voice', 'desk'], SIGNATURE);
    expect(fr.code, fr.stderr).toBe(0);
    expect(fr.stdout).toContain(
      'Nous souhaitons obtenir, au nom de Jeanne Dupont, un devis pour le transport de sa moto\u00a0:\n',
    );
    expect(fr.stdout).toContain('Coordonnées de contact\u00a0:\n- Nom\u00a0: Jeanne Dupont\n');
    expect(fr.stdout).toContain(
      'Pourriez-vous nous adresser un devis pour ce transport\u202f?\n\nNous vous remercions par avance.\n\nCordialement,\nLéa Martin\nAgence Motos Lyon\n',
    );
    expect(fr.stdout).not.toMatch(/\bma moto\b|Mes coordonnées|Je souhaite/);
    const en = await book([...request, '--lang', 'en'], { ...SIGNATURE, MOTOROUTE_VOICE: 'desk' });
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout).toContain(
      'On behalf of our customer Jeanne Dupont, we would like a quote for transporting their motorcycle:\n',
    );
    expect(en.stdout).toContain('Our customer’s contact details:\n');
    expect(en.stdout).toMatch(
      /Could you please send us a quote for this transport\?\n\nThank you in advance\.\n\nKind regards,\nLéa Martin\nAgence Motos Lyon\n$/,
    );
    // --voice customer beats the setting: the customer speaks and signs.
    const customer = await book([...request, '--voice', 'customer'], { ...SIGNATURE, MOTOROUTE_VOICE: 'desk' });
    expect(customer.stdout).toContain('Je souhaite obtenir un devis pour le transport de ma moto\u00a0:\n');
    expect(customer.stdout.endsWith('Cordialement,\nJeanne Dupont\n')).toBe(true);
  });

  it('warns when the desk has no signature, and refuses an unknown voice', async () => {
    const unsigned = await book([...request, '--voice', 'desk']);
    expect(unsigned.code).toBe(0);
    expect(unsigned.stderr).toMatch(/^Warning: --voice desk signs with the signature setting, which is not set/m);
    expect(unsigned.stdout.trimEnd().endsWith('Nous vous remercions par avance.')).toBe(true);
    const bad = await book([...request, '--voice', 'agency']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--voice: "agency" must be one of customer, desk\./);
    const setting = await runCli(['config', 'set', 'voice', 'agency']);
    expect(setting.code).toBe(2);
  });

  it('writes every draft of a file in the desk’s voice, and gives templates the voice’s phrases', async () => {
    const file = join(folder, 'demandes.csv');
    writeFileSync(
      file,
      `Départ;Arrivée;Date souhaitée;Formule;Nom\r\nParis;Nîmes;${frenchDate};moto seule;Zoé Lefèvre\r\nLyon;Nice;${frenchDate};avec pilote;Noël Prévost\r\n`,
    );
    const template = join(folder, 'desk.mustache');
    writeFileSync(
      template,
      '{{greeting}}\n\n{{intro}}\n{{from}} → {{to}}, {{long_date}}.\n{{#desk}}(desk){{/desk}}\n\n{{request_line}}\n{{thanks}}\n{{#signature_lines}}{{line}}\n{{/signature_lines}}',
    );
    const out = join(folder, 'desk-drafts');
    const result = await book(['--from-file', file, '--out', out, '--template', template, '--voice', 'desk'], {
      ...SIGNATURE,
      MOTOROUTE_GREETING: 'Madame, Monsieur,',
    });
    expect(result.code, result.stderr).toBe(0);
    const drafts = await parseCleanDrafts(out);
    expect(drafts.size).toBe(2);
    const mail = [...drafts.entries()].find(([name]) => name.includes('zoe'))?.[1];
    if (!mail) throw new Error(`no draft for Zoé among ${[...drafts.keys()].join(', ')}`);
    expect(mail.text).toContain(
      'Madame, Monsieur,\n\nNous souhaitons obtenir, au nom de Zoé Lefèvre, un devis pour le transport de sa moto\u00a0:\nParis → Nîmes',
    );
    expect(mail.text).toContain(
      '(desk)\n\nPourriez-vous nous adresser un devis pour ce transport\u202f?\nNous vous remercions par avance.\nLéa Martin\nAgence Motos Lyon\n',
    );
    // The template printed no {{form_url}}: the draft adds the link once, at the end.
    expect(mail.text?.split('https://symone.fr/').length).toBe(2);
  });

  it('writes the form link once when the template prints it', async () => {
    const template = join(folder, 'link.mustache');
    writeFileSync(template, '{{greeting}}\n\n{{intro}}\n{{form_url}}\n');
    const result = await runCli([
      '--base-url',
      service.base,
      'book',
      ...request.filter((arg) => arg !== '--text'),
      '--template',
      template,
      '--eml',
      '-',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const mail = await simpleParser(Buffer.from(result.stdout));
    expect(mail.text?.split('https://symone.fr/').length).toBe(2);
    expect(result.stderr).toContain('The draft has no From: address');
  });

  it('lets the MCP draft tool follow the voice, greeting and signature settings', async () => {
    const env = childEnv({
      MOTOROUTE_VOICE: 'desk',
      MOTOROUTE_SIGNATURE: 'Agence Motos',
      MOTOROUTE_GREETING: 'Madame, Monsieur,',
      MOTOROUTE_BASE_URL: `${service.base}`,
    });
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env, stderr: 'pipe' });
    const client = new Client({ name: 'motoroute-e2e', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: 'draft_booking_email',
        arguments: {
          depart: 'Lyon',
          arrival: 'Nice',
          date: frenchDate,
          formula: 'rider',
          name: 'Jeanne Dupont',
          lang: 'fr',
        },
      })) as CallToolResult;
      const draft = result.structuredContent as { body: string };
      expect(draft.body).toContain(formatLongDate(date, 'fr'));
      expect(draft.body).toMatch(/^Madame, Monsieur,\n\nNous souhaitons obtenir, au nom de Jeanne Dupont, un devis/);
      expect(draft.body.endsWith('Cordialement,\nAgence Motos')).toBe(true);
    } finally {
      await client.close();
    }
  });
});

interface PtyResult {
  code: number | null;
  stdout: string;
  screen: string;
  missed?: string;
}

describe('the preview before many drafts', () => {
  const sheet = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'desk', 'demandes.xlsx');
  const onTerminal = (args: string[], steps: [string, string[], number][]) =>
    runPythonDriver<PtyResult>(PTY_DRIVER, {
      argv: [process.execPath, CLI, '--base-url', service.base, 'book', ...args],
      env: childEnv({ TERM: 'xterm', MOTOROUTE_LANG: 'fr' }),
      steps,
    });

  it('shows the rows it will write and leave out, asks once, and writes nothing on no', async () => {
    const out = join(folder, 'previewed');
    const declined = await onTerminal(
      ['--from-file', sheet, '--out', out, '--skip-invalid'],
      [['Écrire 29 brouillons dans', ['n', '\r'], 0.3]],
    );
    expect(declined.missed, declined.screen).toBeUndefined();
    expect(declined.code, declined.screen).toBe(0);
    expect(declined.screen).toContain('29 brouillons à écrire\u00a0:');
    expect(declined.screen).toMatch(/ligne +date +trajet +client/);
    expect(declined.screen).toMatch(/3 +04\/12\/2036 +Nîmes → Angoulême +Zoé Lefèvre/);
    // Where each draft goes.
    expect(declined.screen).toMatch(/ligne +date +trajet +client +brouillon/);
    expect(declined.screen).toMatch(/Zoé Lefèvre +2036-12-04_nimes-angouleme_zoe-lefevre\.eml/);
    expect(declined.screen).toContain('… et 21 de plus');
    expect(declined.screen).toMatch(
      /1 ligne laissée de côté\u00a0:\s+13 +e-mail\u00a0: «\u202fbenoit\.leger@exemple\u202f» n’est pas une adresse e-mail/,
    );
    expect(declined.screen).toContain('Aucun brouillon n’a été écrit.');
    expect(existsSync(out)).toBe(false);

    const accepted = await onTerminal(
      ['--from-file', sheet, '--out', out, '--skip-invalid'],
      [['Écrire 29 brouillons dans', ['\r'], 0.3]],
    );
    expect(accepted.code, accepted.screen).toBe(0);
    expect((await parseCleanDrafts(out)).size).toBe(29);
  }, 30_000);

  it('asks the desk for its customer’s details, not « votre nom »', async () => {
    const result = await runPythonDriver<PtyResult>(PTY_DRIVER, {
      argv: [
        process.execPath,
        CLI,
        '--base-url',
        service.base,
        'book',
        '--from',
        'Paris',
        '--to',
        'Lyon',
        '--date',
        frenchDate,
        '--voice',
        'desk',
        '--text',
      ],
      env: childEnv({ TERM: 'xterm', MOTOROUTE_LANG: 'fr', MOTOROUTE_SIGNATURE: 'Agence Motos' }),
      steps: [
        ['Formule', ['\r'], 0.2],
        ['Nombre de motos', ['\r'], 0.2],
        ['Marque et modèle de la moto', ['\r'], 0.2],
        ['Nombre de pilotes du voyage', ['\r'], 0.2],
        ['Nom du client', ['Jeanne Dupont\r'], 0.2],
        ['Adresse e-mail du client', ['\r'], 0.2],
        ['Numéro de téléphone du client', ['06 12 34 56 78\r'], 0.2],
        ['Date de retour', ['\r'], 0.2],
        ['Un commentaire pour le service', ['\r'], 0.2],
      ],
    });
    expect(result.missed, result.screen).toBeUndefined();
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).not.toContain('Votre nom');
    expect(result.stdout).toContain('au nom de Jeanne Dupont');
    expect(result.stdout.trimEnd().endsWith('Cordialement,\nAgence Motos')).toBe(true);
  }, 30_000);

  it('asks nothing with --yes', async () => {
    const out = join(folder, 'unasked');
    const result = await onTerminal(['--from-file', sheet, '--out', out, '--skip-invalid', '--yes'], []);
    expect(result.code, result.screen).toBe(0);
    expect(result.screen).not.toContain('Écrire');
    expect((await parseCleanDrafts(out)).size).toBe(29);
  }, 30_000);
});
