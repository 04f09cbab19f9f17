import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { Context } from '../../src/cli/context.js';
import { readConfigFile } from '../../src/config/read.js';
import { RunSettings, type GlobalOptions } from '../../src/cli/run-settings.js';

const folders: string[] = [];
const contexts: Context[] = [];

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** An environment whose config folder is a fresh temporary one, holding `config` when given. */
function environment(config?: Record<string, string>): NodeJS.ProcessEnv {
  const folder = mkdtempSync(join(tmpdir(), 'motoroute-factory-'));
  folders.push(folder);
  if (config) {
    mkdirSync(join(folder, 'motoroute'), { mode: 0o700 });
    writeFileSync(join(folder, 'motoroute', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  }
  return { XDG_CONFIG_HOME: folder };
}

function contextWith(globals: GlobalOptions, env: NodeJS.ProcessEnv) {
  const stderr = new PassThrough();
  let said = '';
  stderr.on('data', (chunk: Buffer) => {
    said += chunk.toString('utf8');
  });
  const io = { stdout: new PassThrough(), stderr, stdin: new PassThrough(), env };
  const context = new Context(globals, io, new AbortController().signal);
  contexts.push(context);
  return { context, said: () => said };
}

describe('the run settings', () => {
  it('read the config file on the first setting asked, and once for all of them', () => {
    let reads = 0;
    const env = environment({ lang: 'fr', timeout: '7' });
    const settings = new RunSettings({}, env, (file, readEnv) => {
      reads += 1;
      return readConfigFile(file, readEnv);
    });
    expect(reads).toBe(0);
    expect(settings.lang).toBe('fr');
    expect(settings.setting('timeout').value).toBe('7');
    settings.checkSettings();
    expect(reads).toBe(1);
  });

  it('put a flag before the config file', () => {
    const settings = new RunSettings({ lang: 'en' }, environment({ lang: 'fr' }));
    expect(settings.lang).toBe('en');
  });
});

describe('the factory', () => {
  it('builds nothing it is not asked for: a refused base URL is said only when the client is', async () => {
    const { context } = contextWith({ baseUrl: 'http://example.com/v1' }, environment());
    // Building the context, its notices and settings asked nothing of the base URL.
    expect(context.lang).toBe('en');
    await expect(context.client()).rejects.toThrow(/Refusing plain http:\/\/ to example\.com/);
  });

  it('builds the client, the core and the clock once, however often they are asked for', async () => {
    const { context } = contextWith({ baseUrl: 'http://127.0.0.1:9/v1' }, environment());
    const [first, second] = await Promise.all([context.client(), context.client()]);
    expect(second).toBe(first);
    expect(await context.client()).toBe(first);
    expect(context.core()).toBe(context.core());
    expect(context.clock).toBe(context.clock);
    expect(context.factory.clock).toBe(context.clock);
  });

  it('starts the sandbox service only when the client is asked for, and once', async () => {
    const { context, said } = contextWith({ sandbox: true }, environment());
    await context.output();
    expect(said()).not.toContain('Sandbox:');
    const { factory } = context;
    const [first, second] = await Promise.all([factory.baseUrl(), context.client().then(() => factory.baseUrl())]);
    expect(second).toBe(first);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(said().match(/Sandbox: using the local service/g)).toHaveLength(1);
  });

  it('says the sandbox in the run language', async () => {
    const { context, said } = contextWith({ sandbox: true, lang: 'fr' }, environment());
    await context.factory.baseUrl();
    expect(said()).toMatch(/^Bac à sable\u00a0: le service local répond à http:\/\/127\.0\.0\.1:\d+\/v1$/m);
    expect(said()).not.toContain('Sandbox');
  });
});

describe('the notices', () => {
  it('decide the output settings once, in the run language', async () => {
    const { context } = contextWith({ lang: 'fr' }, environment());
    const output = await context.output();
    expect(await context.output()).toBe(output);
    expect(output.lang).toBe('fr');
  });

  it('say a warning once, in the run language, and nothing with --quiet', () => {
    const { context, said } = contextWith({ lang: 'fr' }, environment());
    context.warn('deux fois');
    context.warn('deux fois');
    expect(said()).toBe('Attention\u00a0: deux fois\n');
    const quiet = contextWith({ quiet: true }, environment());
    quiet.context.warn('nothing');
    quiet.context.note('nothing');
    expect(quiet.said()).toBe('');
  });
});
