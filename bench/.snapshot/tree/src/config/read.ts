import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
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
 * empty config; a corrupt one is a UsageError naming the file and how to reset it.
 */
export function readConfigFile(file?: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const path = file ?? configFilePath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`Cannot read the config file ${path}: ${(error as Error).message}.`);
  }
  const corrupt = () =>
    new UsageError(`The config file ${path} is not valid JSON; fix it or reset it with: rm '${path}'`);
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

/** Resolves one setting by precedence: flag > environment > config file > default. */
export function resolveSetting(
  name: string,
  flagValue: string | undefined,
  env: NodeJS.ProcessEnv,
  file: Record<string, string>,
): ResolvedSetting {
  const key = findConfigKey(name);
  if (flagValue !== undefined) return { value: key.validate(flagValue), source: 'flag' };
  const fromEnv = env[key.env];
  if (fromEnv !== undefined && fromEnv !== '') {
    return { value: key.validate(fromEnv), source: 'environment' };
  }
  const fromFile = file[name];
  if (fromFile !== undefined) return { value: key.validate(fromFile), source: 'config file' };
  return { value: key.defaultValue, source: 'default' };
}
