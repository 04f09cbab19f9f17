import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { parseMailtoUri } from '../../src/booking/mailto.js';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

// Items 1 and 2 of the support-desk issue: .eml drafts a mail client opens as unsent, and links too long to click.

const service = useService({ routes: 300 });
const book = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(['--base-url', service.base, 'book', ...args], { env });
const folder = mkdtempSync(join(tmpdir(), 'motoroute-eml-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(() => service.server.stats.reset());

const date = addDays(FIXED_DAY, 9);
const request = ['--from', 'Saint-Étienne', '--to', 'Besançon', '--date', date, '--formula', 'moto-only'];

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) =>
    object.value.map((entry) => entry.address ?? ''),
  );
}

/** The raw message's headers, unfolded, by lower-case name. */
function rawHeaders(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]/g, ' ');
  return new Map(
    head
      .split('\r\n')
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

describe('book --eml', () => {
  let raw: string;
  let mail: ParsedMail;
  let text: string;

  it('writes an RFC 5322 draft: X-Unsent, To, Cc, Reply-To, From, the encoded subject, the text and the form link, CRLF throughout', async () => {
    const file = join(folder, 'request.eml');
    const extra = [
      '--email',
      'jérôme@exemple.fr',
      '--name',
      'Jérôme Dupré',
      '--comment',
      'Top case « cuir » → fragile',
    ];
    const env = { MOTOROUTE_FROM: 'Agence Motos <agence@example.fr>' };
    text = (await book([...request, ...extra, '--text'], env)).stdout;
    const result = await book([...request, ...extra, '--cc', 'support@example.fr', '--eml', file], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Wrote the draft to ${file}`);
    raw = readFileSync(file, 'latin1');
    mail = await simpleParser(readFileSync(file));

    // CRLF only, every header line ASCII (the subject encoded), and the draft mark.
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const headers = rawHeaders(raw);
    expect(headers.get('x-unsent')).toBe('1');
    expect(headers.get('subject')).toMatch(/^=\?UTF-8\?[QB]\?/);
    expect(mail.headers.get('x-unsent')).toBe('1');

    expect(addresses(mail.to)).toEqual(['reservation@symone.fr']);
    expect(addresses(mail.cc)).toEqual(['support@example.fr']);
    expect(addresses(mail.replyTo)).toEqual(['jérôme@exemple.fr']);
    expect(mail.from?.value[0]).toEqual({ name: 'Agence Motos', address: 'agence@example.fr' });
    expect(mail.subject).toBe(/^Subject: (.*)$/m.exec(text)?.[1]);
    expect(mail.subject).toContain('Saint-Étienne → Besançon');

    // The printed text, with the form link set above the closing and signature, not under them.
    const body = text.slice(text.indexOf('\n\n') + 2).trimEnd();
    const signOff = '\n\nCordialement,\nJérôme Dupré';
    expect(body.endsWith(signOff)).toBe(true);
    const drafted = mail.text?.replace(/\r\n/g, '\n').trimEnd() ?? '';
    expect(drafted.startsWith(body.slice(0, -signOff.length))).toBe(true);
    expect(drafted).toMatch(
      /\n\nLa même demande dans le formulaire en ligne \(prérempli\)\u00a0:\nhttps:\S+\n\nCordialement,\nJérôme Dupré$/,
    );
    expect(mail.text).toContain('Top case «\u202fcuir\u202f» → fragile');
    expect(mail.text).toMatch(
      /La même demande dans le formulaire en ligne \(prérempli\)\u00a0:\n?https:\/\/symone\.fr\/moto\?tab=tab-devis&depart=Saint-%C3%89tienne/,
    );
    // The cities are spelled as served: one listing read a run, through the core.
    expect(service.server.stats.requests('/route/get/results')).toBe(2);
  });

  it('in the desk\u2019s voice, lets the answer come back to the desk and copies the customer', async () => {
    const env = { MOTOROUTE_FROM: 'Agence Motos <agence@example.fr>', MOTOROUTE_SIGNATURE: 'Léa\\nAgence Motos' };
    const customer = ['--email', 'camille@exemple.fr', '--name', 'Camille Martin'];
    const result = await book([...request, ...customer, '--voice', 'desk', '--eml', '-'], env);
    expect(result.code, result.stderr).toBe(0);
    const draft = await simpleParser(Buffer.from(result.stdout, 'utf8'));
    expect(draft.replyTo).toBeUndefined();
    expect(addresses(draft.cc)).toEqual(['camille@exemple.fr']);
    expect(draft.subject).toMatch(/^Demande de devis moto pour Camille Martin\u00a0: Saint-Étienne → Besançon, le /);
    expect(draft.text?.replace(/\r\n/g, '\n').trimEnd()).toMatch(/\nhttps:\S+\n\nCordialement,\nLéa\nAgence Motos$/);
  });

  it('writes the same draft to stdout with --eml -', async () => {
    const result = await book([...request, '--email', 'a@b.fr', '--eml', '-']);
    expect(result.code).toBe(0);
    const parsed = await simpleParser(Buffer.from(result.stdout, 'utf8'));
    expect(parsed.headers.get('x-unsent')).toBe('1');
    expect(addresses(parsed.replyTo)).toEqual(['a@b.fr']);
  });

  it('refuses to write over a file (--force replaces it) and never writes through a symbolic link', async () => {
    const file = join(folder, 'taken.eml');
    writeFileSync(file, 'the morning request');
    const refused = await book([...request, '--email', 'a@b.fr', '--eml', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `Error: --eml: ${file} exists already; give another file name, or add --force to replace it.
`,
    );
    expect(readFileSync(file, 'utf8')).toBe('the morning request');

    const forced = await book([...request, '--email', 'a@b.fr', '--eml', file, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect((await simpleParser(readFileSync(file))).headers.get('x-unsent')).toBe('1');

    const target = join(folder, 'target.txt');
    writeFileSync(target, 'not a draft');
    const link = join(folder, 'link.eml');
    symlinkSync(target, link);
    for (const extra of [[], ['--force']]) {
      const result = await book([...request, '--email', 'a@b.fr', '--eml', link, ...extra]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^Error: --eml: .*link\.eml is a symbolic link/);
    }
    expect(readFileSync(target, 'utf8')).toBe('not a draft');
    const dangling = join(folder, 'dangling.eml');
    symlinkSync(join(folder, 'nowhere.txt'), dangling);
    expect((await book([...request, '--eml', dangling])).code).toBe(2);
    expect(existsSync(join(folder, 'nowhere.txt'))).toBe(false);
  });

  it('refuses --cc without a draft, a bad --cc, and --eml beside another part', async () => {
    for (const [args, message] of [
      [['--cc', 'a@b.fr'], /^Error: --cc goes into the \.eml draft/],
      [['--cc', 'nope', '--eml', '-'], /^Error: --cc: "nope" is not an e-mail address/],
      [['--eml', '-', '--mailto'], /--mailto and --eml each choose what to print/],
    ] as const) {
      const result = await book([...request, '--email', 'a@b.fr', ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});

describe('long mailto: links', () => {
  const comment = ['--comment', 'Moto préparée pour circuit, ne pas démarrer. '.repeat(67).slice(0, 3000)];

  it('warns past 2,000 characters and still prints the link with --mailto (exit 0), which round-trips', async () => {
    const result = await book([...request, '--email', 'a@b.fr', ...comment, '--mailto']);
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(2000);
    expect(result.stderr).toMatch(
      /Warning: the mailto: link is [\d,]+ characters long; many mail clients cut or refuse links past about 2,000\. It is printed anyway; use --eml FILE/,
    );
    expect(parseMailtoUri(result.stdout.trim()).body).toContain(comment[1]!.trim());
  });

  it('gives a valid .eml for the same 3,000-character comment', async () => {
    const result = await book([...request, '--email', 'a@b.fr', ...comment, '--eml', '-']);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/mailto/);
    const parsed = await simpleParser(Buffer.from(result.stdout, 'utf8'));
    expect(parsed.text).toContain(comment[1]!.trim());
    expect(result.stdout.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('opens an .eml instead of a link that is too long', async () => {
    const result = await book([...request, '--email', 'a@b.fr', ...comment, '--open'], { MOTOROUTE_NO_OPEN: '1' });
    expect(result.code).toBe(0);
    const file = /^would open: (.*\.eml)\n$/.exec(result.stdout)?.[1];
    expect(file, result.stdout).toBeDefined();
    try {
      expect(result.stderr).toMatch(/more than many mail clients accept; opening a draft instead/);
      expect((await simpleParser(readFileSync(file!))).headers.get('x-unsent')).toBe('1');
    } finally {
      rmSync(dirname(file!), { recursive: true, force: true });
    }
    expect(existsSync(file!)).toBe(false);
  });
});

describe('book --template', () => {
  it('renders the body from a Mustache template, in the text, the mailto: link and the draft alike (French: in French typography)', async () => {
    const file = join(folder, 'reply.mustache');
    writeFileSync(
      file,
      '{{greeting}}\n\n{{from}} → {{to}}, {{long_date}} ({{formula}}).\n{{#comment}}Note : {{comment}}\n{{/comment}}{{#signature_lines}}{{line}}\n{{/signature_lines}}{{unknown}}\n',
    );
    const env = { MOTOROUTE_SIGNATURE: 'Agence & Co' };
    const args = [...request, '--email', 'a@b.fr', '--comment', '<pneus> & "top case"', '--template', file];
    const text = await book([...args, '--text'], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toMatch(/Warning: --template .* uses \{\{unknown\}\}, which no field fills/);
    expect(text.stdout).toMatch(
      /\n\nBonjour,\n\nSaint-Étienne → Besançon, \S+ \d+ \S+ \d{4} \(moto seule \(sans pilote\)\)\.\nNote\u00a0: <pneus> & "top case"\nAgence & Co\n$/,
    );
    const body = text.stdout.slice(text.stdout.indexOf('\n\n') + 2).trimEnd();
    const mailto = await book([...args, '--mailto'], env);
    expect(parseMailtoUri(mailto.stdout.trim()).body).toBe(body);
    const draft = await simpleParser(Buffer.from((await book([...args, '--eml', '-'], env)).stdout, 'utf8'));
    expect(draft.text?.replace(/\r\n/g, '\n')).toContain(body);
  });

  it('refuses a template it cannot read or parse, before printing anything', async () => {
    const broken = join(folder, 'broken.mustache');
    writeFileSync(broken, '{{#stopovers}} never closed');
    for (const [file, message] of [
      [join(folder, 'missing.mustache'), /cannot read .*ENOENT/],
      [broken, /Unclosed section "stopovers"/],
    ] as const) {
      const result = await book([...request, '--email', 'a@b.fr', '--template', file]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
  });
});
