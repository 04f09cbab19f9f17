import { closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../errors.js';
import { CONFIG_FILE_WORDS, type SettingLang } from './key-words.js';
import { CONFIG_KEYS, findConfigKey } from './keys.js';
import { configFilePath } from './path.js';

export type ConfigSource = 'flag' | 'environment' | 'config file' | 'default';

/** A setting's effective value and where it came from. */
export interface ResolvedSetting {
  value: string | undefined;
  source: ConfigSource;
}

/**
 * Reads the config file without loading `conf` (it costs ~65 ms of start-up): a missing file is an
 * empty config; a corrupt one is a UsageError naming the file and how to reset it, in `lang`.
 */
export function readConfigFile(
  file?: string,
  env: NodeJS.ProcessEnv = process.env,
  lang: SettingLang = 'en',
): Record<string, string> {
  const words = CONFIG_FILE_WORDS[lang];
  const path = file ?? configFilePath(env);
  let text: string;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(words.unreadable(path, (error as Error).message));
  }
  try {
    // Checked on the file opened, so that what is read is what was checked.
    refuseUnsafe(path, fstatSync(fd), lang);
    text = readFileSync(fd, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(words.unreadable(path, (error as Error).message));
  } finally {
    closeSync(fd);
  }
  const corrupt = () => new UsageError(words.notJson(path));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw corrupt();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw corrupt();
  const values: Record<string, string> = {};
  for (const key of CONFIG_KEYS) {
    const value = (parsed as Record<string, unknown>)[key.name];
    if (typeof value === 'string' || typeof value === 'number') values[key.name] = String(value);
  }
  return values;
}

/**
 * A config file others could have written is not used, as ssh refuses such keys: it names the base URL every
 * request goes to and where booking links point. Refused: a file or directory writable by group or others, or
 * owned by another user (root's own files are trusted). POSIX only: Windows has no such mode bits.
 */
function refuseUnsafe(path: string, file: { mode: number; uid: number }, lang: SettingLang): void {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return;
  const me = process.getuid();
  const mode = (bits: number) => `0${(bits & 0o777).toString(8)}`;
  if (file.uid !== me && file.uid !== 0) throw new UsageError(CONFIG_FILE_WORDS[lang].otherOwner(path, file.uid));
  if ((file.mode & 0o022) !== 0) throw new UsageError(CONFIG_FILE_WORDS[lang].writableFile(path, mode(file.mode)));
  const directory = dirname(path);
  const folder = statSync(directory);
  // A folder others can write lets them put another file in its place, unless it is sticky (as /tmp).
  if ((folder.mode & 0o022) !== 0 && (folder.mode & 0o1000) === 0)
    throw new UsageError(CONFIG_FILE_WORDS[lang].writableFolder(directory, mode(folder.mode)));
}

/** Resolves one setting by precedence: flag > environment > config file > default; a bad value is refused in `lang`. */
export function resolveSetting(
  name: string,
  flagValue: string | undefined,
  env: NodeJS.ProcessEnv,
  file: Record<string, string>,
  lang: SettingLang = 'en',
): ResolvedSetting {
  const key = findConfigKey(name, lang);
  if (flagValue !== undefined) return { value: key.validate(flagValue, lang), source: 'flag' };
  const fromEnv = env[key.env];
  if (fromEnv !== undefined && fromEnv !== '') {
    return { value: key.validate(fromEnv, lang), source: 'environment' };
  }
  const fromFile = file[name];
  if (fromFile !== undefined) return { value: key.validate(fromFile, lang), source: 'config file' };
  return { value: key.defaultValue, source: 'default' };
}
