import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { Receiver } from '../helpers/receiver.js';

// The --out folder's names are read before the day is drafted (core/booking/draft-day.ts names each draft against
// them): a folder that cannot be read is a usage error before any request reaches the service.

const folder = mkdtempSync(join(tmpdir(), 'motoroute-out-folder-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('book --from-file --out', () => {
  it('refuses a folder it cannot read before asking the service anything', async () => {
    const service = await Receiver.start('service');
    try {
      const file = join(folder, 'day.csv');
      writeFileSync(file, `from,to,date,formula,email\nParis,Marseille,${addDays(FIXED_DAY, 5)},rider,a@b.fr\n`);
      const notFolder = join(folder, 'not-a-folder');
      writeFileSync(notFolder, 'a file, not a folder');
      for (const [lang, said] of [
        ['en', `Error: --out: cannot read ${notFolder} (ENOTDIR).`],
        ['fr', `Erreur\u00a0: --out\u00a0: impossible de lire ${notFolder} (ENOTDIR).`],
      ] as const) {
        const run = await runCli([
          '--base-url',
          service.origin,
          '--lang',
          lang,
          'book',
          '--from-file',
          file,
          '--out',
          notFolder,
          '--yes',
        ]);
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr.trim()).toBe(said);
      }
      expect(service.requests).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
