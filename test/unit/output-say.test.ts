import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyAndSay } from '../../src/output/copy-and-say.js';
import { openAndSay } from '../../src/output/open-and-say.js';
import type { Telling } from '../../src/output/telling.js';

/** A run whose stdout, notes and warnings are kept; `terminal`: stderr is a terminal that keeps what it is sent. */
function fakeRun(lang: 'en' | 'fr', env: NodeJS.ProcessEnv, terminal = false) {
  const stdout = new PassThrough();
  let printed = '';
  stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const sentToTerminal: string[] = [];
  const notes: string[] = [];
  const warnings: string[] = [];
  const run: Telling = {
    lang,
    stdout,
    stderr: { isTTY: terminal, write: (text: string) => sentToTerminal.push(text) },
    io: { env },
    note: (text) => notes.push(text),
    warn: (text) => warnings.push(text),
  };
  return { run, notes, warnings, sentToTerminal, printed: () => printed };
}

describe('copyAndSay', () => {
  let emptyPath: string;
  beforeAll(async () => {
    emptyPath = await mkdtemp(join(tmpdir(), 'motoroute-test-'));
  });
  afterAll(async () => {
    await rm(emptyPath, { recursive: true, force: true });
  });

  it('with no clipboard program, sends the text through the terminal (OSC 52) and says it was sent', async () => {
    const { run, notes, warnings, sentToTerminal } = fakeRun('en', { PATH: emptyPath }, true);
    expect(await copyAndSay(run, 'hello', 'the e-mail')).toBeUndefined();
    expect(sentToTerminal).toEqual([`\u001b]52;c;${Buffer.from('hello').toString('base64')}\u0007`]);
    expect(notes).toEqual([
      'Sent the e-mail (5 characters) to the terminal for its clipboard (OSC 52); terminals that do not allow it drop it silently, so paste to check.',
    ]);
    expect(warnings).toEqual([]);
  });

  it('with nothing to copy with, warns in the session language, naming the text as the caller does, and exits 1', async () => {
    const { run, notes, warnings } = fakeRun('fr', { PATH: emptyPath });
    expect(await copyAndSay(run, 'mailto:x@example.fr', 'le lien mailto:')).toBe(1);
    expect(notes).toEqual([]);
    expect(warnings).toEqual([
      'impossible de copier le lien mailto: dans le presse-papiers (aucun programme de presse-papiers (wl-copy, xclip, xsel, pbcopy) ni terminal pour OSC 52)\u202f; il est affich\u00e9 ci-dessus.',
    ]);
  });

  it('starts a French sentence with the name capitalised', async () => {
    const { run, notes } = fakeRun('fr', { PATH: emptyPath }, true);
    await copyAndSay(run, 'abc', 'l\u2019e-mail');
    expect(notes[0]).toMatch(/^L\u2019e-mail \(3 caract\u00e8res\) envoy\u00e9 au terminal/);
  });
});

describe('openAndSay', () => {
  it('on a dry run (MOTOROUTE_NO_OPEN) prints what it would open, and says nothing else', async () => {
    const { run, notes, warnings, printed } = fakeRun('en', { MOTOROUTE_NO_OPEN: '1' });
    const thing = { name: 'the form', opened: 'Opened the form (browser).' };
    expect(await openAndSay(run, 'https://example.fr/form', thing)).toBeUndefined();
    expect(printed()).toBe('would open: https://example.fr/form\n');
    expect(notes).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
