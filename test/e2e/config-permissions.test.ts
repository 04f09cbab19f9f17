import { chmodSync, chownSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedConfigDir, runCli } from '../helpers/cli.js';

// The config file names where every request goes and where booking links point: written for its owner only,
// and one that others could have written is refused, as ssh refuses such keys (issue 39).
const posix = process.platform !== 'win32';

describe.runIf(posix)('the config file and its permissions', () => {
  it('is written 0600 in a directory of 0700, whatever the umask', async () => {
    const parent = isolatedConfigDir();
    const dir = join(parent, 'made-here');
    try {
      const result = await runCli(['config', 'set', 'format', 'csv'], {
        env: { MOTOROUTE_CONFIG_DIR: dir },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses a file others can write, with the command that fixes it, and works once fixed', async () => {
    const dir = isolatedConfigDir();
    const file = join(dir, 'config.json');
    try {
      writeFileSync(file, JSON.stringify({ format: 'csv' }));
      chmodSync(file, 0o666);
      const refused = await runCli(['config', 'get', 'format'], { env: { MOTOROUTE_CONFIG_DIR: dir } });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(
        `Error: The config file ${file} can be written by others (mode 0666); motoroute does not use it. Fix it with: chmod 600 '${file}'\n`,
      );
      chmodSync(file, 0o600);
      const fixed = await runCli(['config', 'get', 'format'], { env: { MOTOROUTE_CONFIG_DIR: dir } });
      expect(fixed.code, fixed.stderr).toBe(0);
      expect(fixed.stdout).toBe('csv\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file in a directory others can write', async () => {
    const dir = isolatedConfigDir();
    try {
      writeFileSync(join(dir, 'config.json'), '{}', { mode: 0o600 });
      chmodSync(dir, 0o777);
      const refused = await runCli(['config', 'get', 'format'], { env: { MOTOROUTE_CONFIG_DIR: dir } });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/can be written by others \(mode 0777\).*Fix it with: chmod 700 /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)('refuses a file owned by another user', async () => {
    const dir = isolatedConfigDir();
    const file = join(dir, 'config.json');
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, '{}', { mode: 0o600 });
      chownSync(file, 12345, 12345);
      // As root, another user's file is refused too (root trusts only its own and its users' own when running as them).
      const refused = await runCli(['config', 'get', 'format'], {
        env: { MOTOROUTE_CONFIG_DIR: dir },
      });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/belongs to another user \(uid 12345\).*chown/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
