import { CONFIG_KEYS, LANGUAGES } from '../config/keys.js';
import { readConfigFile, resolveSetting, type ResolvedSetting } from '../config/read.js';
import { UsageError } from '../errors.js';

/** The global options, as commander parsed them. */
export interface GlobalOptions {
  baseUrl?: string;
  legacy?: boolean;
  sandbox?: boolean;
  insecureHttp?: boolean;
  format?: string;
  json?: boolean;
  fields?: string;
  color?: boolean;
  timeout?: string;
  maxTime?: string;
  maxBody?: string;
  lang?: string;
  verbose?: boolean;
  quiet?: boolean;
  header?: boolean;
  strict?: boolean;
  concurrency?: string;
}

/** The run's settings by precedence (flag > environment > config file > default); the config file is read on first use, once. */
export class RunSettings {
  private configFile: Record<string, string> | undefined;
  /** When the run started: --max-time counts from here. */
  readonly startedAt = Date.now();
  /** The command runs until stopped (serve, mcp, watch): --max-time applies only when given as a flag. */
  maxTimeFromFlagOnly = false;

  constructor(
    readonly globals: GlobalOptions,
    private readonly env: NodeJS.ProcessEnv,
    private readonly readConfig: typeof readConfigFile = readConfigFile,
  ) {}

  /** A setting's value and source by precedence: flag > environment > config file > default. */
  setting(name: string): ResolvedSetting {
    this.configFile ??= this.readConfigFile();
    const flags: Record<string, string | undefined> = {
      'base-url': this.globals.baseUrl,
      format: this.globals.format,
      lang: this.globals.lang,
      timeout: this.globals.timeout,
      'max-time': this.globals.maxTime,
      'max-body': this.globals.maxBody,
      strict: this.globals.strict ? 'true' : undefined,
      concurrency: this.globals.concurrency,
    };
    try {
      return resolveSetting(name, flags[name], this.env, this.configFile);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      // The language is itself a setting: it is asked only once a value is refused, to refuse it again in it.
      return resolveSetting(name, flags[name], this.env, this.configFile, this.refusalLang(name));
    }
  }

  /** The language a refused value of setting `name` is said in: the session's, the locale's when lang is the one refused. */
  private refusalLang(name: string): 'en' | 'fr' {
    if (name !== 'lang') {
      try {
        return this.lang;
      } catch {
        // The lang setting is refused too: the locale says which language to refuse in.
      }
    }
    return localeLanguage(this.env);
  }

  /** The config file's settings; one that cannot be used is refused in the language of --lang, MOTOROUTE_LANG or the locale. */
  private readConfigFile(): Record<string, string> {
    try {
      return this.readConfig(undefined, this.env);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      const chosen = this.globals.lang ?? (this.env.MOTOROUTE_LANG?.trim().toLowerCase() || localeLanguage(this.env));
      // Read again to be refused in that language.
      return this.readConfig(undefined, this.env, displayLang(chosen));
    }
  }

  /** Checks every setting (flag, environment, config file) so that an invalid one is refused with exit 2 whatever the command reads. */
  checkSettings(): void {
    for (const key of CONFIG_KEYS) this.setting(key.name);
  }

  /** The display language: the lang setting, else the locale, else English. */
  get lang(): 'en' | 'fr' {
    return displayLang(this.setting('lang').value ?? localeLanguage(this.env));
  }

  /** Whether a record that cannot be read is an error (--strict, config strict) rather than left out. */
  get strict(): boolean {
    return this.setting('strict').value === 'true';
  }

  /** The whole command's limit in seconds (--max-time, else MOTOROUTE_MAX_TIME or config max-time), or undefined for none. */
  get maxTimeSeconds(): string | undefined {
    if (this.maxTimeFromFlagOnly && this.globals.maxTime === undefined) return undefined;
    return this.setting('max-time').value;
  }

  /** Epoch ms when the whole command must end (--max-time), or undefined when it has no limit. */
  get runEndsAt(): number | undefined {
    const seconds = this.maxTimeSeconds;
    return seconds === undefined ? undefined : this.startedAt + Number(seconds) * 1000;
  }
}

/**
 * The display language before a command's context exists (commander's errors, the checks of argv run before it):
 * `--lang` in `argv`, else the lang setting, else the locale; English when none can be read.
 */
export function languageBeforeParsing(argv: readonly string[], env: NodeJS.ProcessEnv): 'en' | 'fr' {
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === '--') break;
    const value = word === '--lang' ? argv[index + 1] : word.startsWith('--lang=') ? word.slice(7) : undefined;
    if (value !== undefined && isLanguage(value)) return value;
  }
  try {
    return new RunSettings({}, env).lang;
  } catch {
    return localeLanguage(env);
  }
}

/** The locale's language (LC_ALL, LC_MESSAGES, LANG): French for a French locale, else English. */
function localeLanguage(env: NodeJS.ProcessEnv): 'en' | 'fr' {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return displayLang(locale.toLowerCase().slice(0, 2));
}

/** A language setting's value as the display language: French when it says so, else English. */
function displayLang(value: string): 'en' | 'fr' {
  return value === 'fr' ? 'fr' : 'en';
}

function isLanguage(value: string): value is 'en' | 'fr' {
  return (LANGUAGES as readonly string[]).includes(value);
}
