import { defineCommand, type CommandSpec } from './define.js';
import type { Context } from '../cli/context.js';
import { CONFIG_KEYS, findConfigKey } from '../config/keys.js';
import { configFilePath } from '../config/path.js';
import { readConfigFile } from '../config/read.js';
import { CONFIG_WORDS } from './config-words.js';

const keyList = CONFIG_KEYS.map(
  (key) => `  ${key.name.padEnd(14)}${key.description}${key.allowed ? ` (${key.allowed.join('|')})` : ''}`,
).join('\n');

const get: CommandSpec = {
  name: 'get',
  toleratesInvalidSettings: true,
  summary: 'print the effective value of a setting',
  args: ['<key>'],
  async run({ args }, ctx) {
    const resolved = ctx.setting(findConfigKey(args[0] ?? '', sayingLang(ctx)).name);
    ctx.stdout.write(`${resolved.value ?? ''}\n`);
  },
};

const set: CommandSpec = {
  name: 'set',
  toleratesInvalidSettings: true,
  summary: 'store a setting in the config file',
  args: ['<key>', '<value>'],
  async run({ args }, ctx) {
    const lang = sayingLang(ctx);
    const key = findConfigKey(args[0] ?? '', lang);
    const value = key.validate(args[1] ?? '', lang);
    const { writeConfigValue } = await import('../config/write.js');
    await writeConfigValue(key.name, value, ctx.io.env, lang);
    ctx.note(CONFIG_WORDS[lang].saved(key.name, value, configFilePath(ctx.io.env)));
    if (key.name === 'base-url') warnIfPlainHttp(ctx, value);
  },
};

const unset: CommandSpec = {
  name: 'unset',
  toleratesInvalidSettings: true,
  summary: 'remove a setting from the config file',
  args: ['<key>'],
  async run({ args }, ctx) {
    const lang = sayingLang(ctx);
    const key = findConfigKey(args[0] ?? '', lang);
    const file = configFilePath(ctx.io.env);
    if (readConfigFile(undefined, ctx.io.env, lang)[key.name] === undefined) {
      ctx.note(CONFIG_WORDS[lang].notSet(key.name, file));
      return;
    }
    const { writeConfigValue } = await import('../config/write.js');
    await writeConfigValue(key.name, undefined, ctx.io.env, lang);
    ctx.note(CONFIG_WORDS[lang].removed(key.name, file));
  },
};

/**
 * The language `config` speaks: the session's, English when the lang setting itself is refused (config tolerates
 * invalid settings, so that `config set lang fr` can mend one).
 */
function sayingLang(ctx: Context): 'en' | 'fr' {
  try {
    return ctx.lang;
  } catch {
    return 'en';
  }
}

/** Plain http to anything but this machine is refused at every request unless --insecure-http: say so now, not later. */
function warnIfPlainHttp(ctx: Context, value: string): void {
  const url = new URL(value);
  if (url.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    ctx.warn(CONFIG_WORDS[sayingLang(ctx)].plainHttp(url.host));
  }
}

const list: CommandSpec = {
  name: 'list',
  toleratesInvalidSettings: true,
  summary: 'every setting, its value and where the value comes from',
  async run(_input, ctx) {
    const rows = CONFIG_KEYS.map((key) => ({ key: key.name, ...ctx.setting(key.name), description: key.description }));
    const [settings, { createRowWriter }] = await Promise.all([ctx.output(), import('../output/writer.js')]);
    const writer = createRowWriter(
      settings,
      [
        { key: 'key', header: 'SETTING', table: (row: Row) => row.key, raw: (row: Row) => row.key },
        { key: 'value', header: 'VALUE', table: (row: Row) => row.value ?? '—', raw: (row: Row) => row.value ?? null },
        { key: 'source', header: 'FROM', table: (row: Row) => row.source, raw: (row: Row) => row.source },
        {
          key: 'description',
          header: 'MEANING',
          table: (row: Row) => row.description,
          raw: (row: Row) => row.description,
        },
      ],
      ctx.stdout,
    );
    for (const row of rows) await writer.write(row);
    await writer.end();
  },
};
type Row = { key: string; value: string | undefined; source: string; description: string };

const path: CommandSpec = {
  name: 'path',
  toleratesInvalidSettings: true,
  summary: 'print the config file path',
  async run(_input, ctx: Context) {
    ctx.stdout.write(`${configFilePath(ctx.io.env)}\n`);
  },
};

/** `motoroute config`: persistent settings (flag > environment > config file > default). */
export const configCommand = defineCommand({
  name: 'config',
  summary: 'show and change persistent settings',
  subcommands: [get, set, unset, list, path],
  examples: ['motoroute config set lang fr', 'motoroute config list', 'motoroute config get base-url'],
  details: `Settings:\n${keyList}`,
});
