import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTemporaryDraft } from '../../src/core/booking/new-files.js';

describe('writeTemporaryDraft', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'motoroute-test-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes the draft into a new folder of its own, and gives the file', async () => {
    const file = await writeTemporaryDraft(Buffer.from('Subject: one\r\n'), root);
    expect(basename(file)).toBe('booking-request.eml');
    expect(basename(dirname(file))).toMatch(/^motoroute-draft-/);
    expect(dirname(dirname(file))).toBe(root);
    expect(await readFile(file, 'utf8')).toBe('Subject: one\r\n');
  });

  it('never writes over an earlier draft: each goes into another folder', async () => {
    const first = await writeTemporaryDraft(Buffer.from('first'), root);
    const second = await writeTemporaryDraft(Buffer.from('second'), root);
    expect(dirname(second)).not.toBe(dirname(first));
    expect(await readFile(first, 'utf8')).toBe('first');
    expect(await readdir(root)).toHaveLength(2);
  });
});
