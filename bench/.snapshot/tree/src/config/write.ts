import { configDirectory } from './path.js';
import { readConfigFile } from './read.js';

/** Sets or removes one setting in the config file (conf writes atomically, so a crash never leaves half a file). */
export async function writeConfigValue(name: string, value: string | undefined, env: NodeJS.ProcessEnv): Promise<void> {
  readConfigFile(undefined, env); // refuse to overwrite a corrupt file silently: its error says how to reset it
  const { default: Conf } = await import('conf');
  const store = new Conf<Record<string, string>>({
    projectName: 'motoroute',
    cwd: configDirectory(env),
    configName: 'config',
    clearInvalidConfig: false,
  });
  if (value === undefined) store.delete(name);
  else store.set(name, value);
}
