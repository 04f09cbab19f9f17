import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedConfigDir, runCli } from '../helpers/cli.js';

const SETTINGS: Record<string, string> = {
  'base-url': 'http://127.0.0.1:9/v1',
  format: 'csv',
  lang: 'fr',
  timeout: '12',
  rate: '30',
  'booking-email': 'test@example.fr',
  'booking-url': 'https://booking.example.fr/moto',
  'quote-url': 'https://booking.example.fr/devis',
};

describe('the config file under stress', () => {
  it('keeps every one of many concurrent config set calls, and always stays valid JSON', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = isolatedConfigDir();
      const env = { MOTOROUTE_CONFIG_DIR: dir };
      // Ten at once: every key, and two of them a second time with the same value.
      const calls = [...Object.entries(SETTINGS), ['lang', 'fr'], ['format', 'csv']] as [string, string][];
      const results = await Promise.all(calls.map(([key, value]) => runCli(['config', 'set', key, value], { env })));
      for (const result of results) {
        expect(result.stderr).not.toMatch(/\n\s+at /);
        expect(result.code, result.stderr).toBe(0);
      }
      const stored = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, string>;
      expect(stored).toEqual(SETTINGS);
    }
  }, 60_000);

  it('names a corrupt config file and says how to reset it, and does not overwrite it', async () => {
    const dir = isolatedConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, '{"lang": "fr",');
    for (const args of [
      ['config', 'list'],
      ['config', 'set', 'lang', 'en'],
      ['search', 'Paris'],
    ]) {
      const result = await runCli(args, { env: { MOTOROUTE_CONFIG_DIR: dir } });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `Error: The config file ${file} is not valid JSON; fix it or reset it with: rm '${file}'\n`,
      );
    }
    expect(readFileSync(file, 'utf8')).toBe('{"lang": "fr",');
  });
});
