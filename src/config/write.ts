import { chmodSync, closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UsageError } from '../errors.js';
import { CONFIG_FILE_WORDS, type SettingLang } from './key-words.js';
import { configDirectory } from './path.js';
import { readConfigFile } from './read.js';

const LOCK_WAIT_MS = 5_000;
/** A lock older than this was left by a motoroute that died while writing. */
const LOCK_STALE_MS = 10_000;

/** Sets or removes one setting in the config file (conf writes atomically, so a crash never leaves half a file). */
export async function writeConfigValue(
  name: string,
  value: string | undefined,
  env: NodeJS.ProcessEnv,
  lang: SettingLang = 'en',
): Promise<void> {
  const directory = configDirectory(env);
  // conf reads, changes and rewrites the whole file: without the lock, two `config set` at once lose one update.
  await withLock(directory, lang, async () => {
    readConfigFile(undefined, env, lang); // refuse to overwrite a corrupt file silently: its error says how to reset it
    const { default: Conf } = await import('conf');
    const store = new Conf<Record<string, string>>({
      projectName: 'motoroute',
      cwd: directory,
      configName: 'config',
      clearInvalidConfig: false,
      // The owner's only, whatever the umask: the file names where requests go and where booking links point.
      configFileMode: 0o600,
    });
    if (value === undefined) store.delete(name);
    else store.set(name, value);
    // conf's mode passes through the umask; a file written before this rule is tightened too.
    if (process.platform !== 'win32') {
      try {
        chmodSync(store.path, 0o600);
      } catch (error) {
        // Nothing written (unset of a key in no file): nothing to protect.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  });
}

/** Runs `action` while holding `config.json.lock` in `directory` (created with O_EXCL), waiting up to 5 s for it. */
async function withLock(directory: string, lang: SettingLang, action: () => Promise<void>): Promise<void> {
  // A directory of our own making is the owner's only (0700), whatever the umask; one that exists is left as it is.
  const made = mkdirSync(directory, { recursive: true, mode: 0o700 });
  if (made !== undefined && process.platform !== 'win32') chmodSync(directory, 0o700);
  const lock = join(directory, 'config.json.lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new UsageError(CONFIG_FILE_WORDS[lang].unwritable(directory, (error as Error).message));
      }
      if (isStale(lock)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new UsageError(CONFIG_FILE_WORDS[lang].locked(lock));
      }
      await sleep(5 + Math.random() * 20);
    }
  }
  try {
    await action();
  } finally {
    rmSync(lock, { force: true });
  }
}

function isStale(lock: string): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS;
  } catch {
    return false; // gone already: the next attempt takes it
  }
}
