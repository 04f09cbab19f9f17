import { join } from 'node:path';

/** The home directory; node:os is loaded only when asked (a run that is told where its config is does without it). */
const homedir = (): string => process.getBuiltinModule('node:os').homedir();

/** The directory of the config file: MOTOROUTE_CONFIG_DIR, else the XDG (or platform) config directory. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MOTOROUTE_CONFIG_DIR) return env.MOTOROUTE_CONFIG_DIR;
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'motoroute');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'motoroute');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'motoroute');
}

/** The config file's path. */
export function configFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDirectory(env), 'config.json');
}
