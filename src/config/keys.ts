import { UsageError } from '../errors.js';
import { OUTPUT_FORMATS } from '../output/settings.js';
import { SETTING_WORDS, type SettingLang } from './key-words.js';

// The voices of booking/voice.ts, named here so that reading the settings loads nothing of booking/.
const VOICES = ['customer', 'desk'] as const;

/** One persistent setting: declared once, with its description, environment variable and validation. */
export interface ConfigKey {
  name: string;
  description: string;
  env: string;
  defaultValue?: string;
  allowed?: readonly string[];
  /** Returns the normalised value or throws a UsageError saying what is accepted, in `lang` (English by default). */
  validate(value: string, lang?: SettingLang): string;
}

export const PRODUCTION_BASE_URL = 'https://symone.fr/api-proxy/v1';
export const LANGUAGES = ['en', 'fr'] as const;

function oneOf(name: string, allowed: readonly string[]) {
  return (value: string, lang: SettingLang = 'en') => {
    const lowered = value.trim().toLowerCase();
    if (!allowed.includes(lowered)) throw new UsageError(SETTING_WORDS[lang].notOneOf(name, value, allowed));
    return lowered;
  };
}

function httpUrl(name: string) {
  return (value: string, lang: SettingLang = 'en') => {
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      throw new UsageError(SETTING_WORDS[lang].notUrl(name, value, PRODUCTION_BASE_URL));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(SETTING_WORDS[lang].onlyHttp(name, url.protocol));
    return url.href.replace(/\/+$/, '');
  };
}

function positiveNumber(name: string, max: number) {
  return (value: string, lang: SettingLang = 'en') => {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0 || number > max)
      throw new UsageError(SETTING_WORDS[lang].positiveNumber(name, value, max));
    return String(number);
  };
}

/** A validator of whole numbers from `min` to `max`, whose errors name `name` (a setting or a flag). */
export function wholeNumber(name: string, min: number, max: number) {
  return (value: string, lang: SettingLang = 'en') => {
    const text = value.trim();
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw new UsageError(SETTING_WORDS[lang].wholeNumber(name, value, min, max));
    return String(Number(text));
  };
}

function yesNo(name: string) {
  return (value: string, lang: SettingLang = 'en') => {
    const lowered = value.trim().toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(lowered)) return 'true';
    if (['false', 'no', 'off', '0'].includes(lowered)) return 'false';
    throw new UsageError(SETTING_WORDS[lang].yesNo(name, value));
  };
}

function email(name: string) {
  return (value: string, lang: SettingLang = 'en') => {
    if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(value.trim()))
      throw new UsageError(SETTING_WORDS[lang].notEmail(name, value));
    return value.trim();
  };
}

// Anything that could break a header or spoof text; a signature may still hold line breaks.
const CONTROL_CHARACTER = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function plainText(name: string, multiline: boolean) {
  return (value: string, lang: SettingLang = 'en') => {
    const text = multiline ? value.replace(/\r\n?/g, '\n') : value.trim();
    if (CONTROL_CHARACTER.test(text) || (!multiline && text.includes('\n')))
      throw new UsageError(SETTING_WORDS[lang].controlCharacters(name, multiline));
    if (text.trim() === '') throw new UsageError(SETTING_WORDS[lang].emptyText(name));
    return text;
  };
}

function sender(name: string) {
  return (value: string, lang: SettingLang = 'en') => {
    const text = value.trim();
    const match = /^(?:([^<>\u0000-\u001f"]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/u.exec(text);
    const address = match?.[2] ?? match?.[3];
    if (address === undefined || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(address) || CONTROL_CHARACTER.test(text))
      throw new UsageError(SETTING_WORDS[lang].notSender(name, value));
    return text;
  };
}

/** Every persistent setting motoroute knows. */
export const CONFIG_KEYS: readonly ConfigKey[] = [
  {
    name: 'base-url',
    description: 'API base URL (the /v1 address)',
    env: 'MOTOROUTE_BASE_URL',
    defaultValue: PRODUCTION_BASE_URL,
    validate: httpUrl('base-url'),
  },
  {
    name: 'format',
    description: 'output format, piped too (default: table on a terminal, tsv when piped)',
    env: 'MOTOROUTE_FORMAT',
    allowed: OUTPUT_FORMATS,
    validate: oneOf('format', OUTPUT_FORMATS),
  },
  {
    name: 'lang',
    description: 'language of dates, prices and booking e-mails',
    env: 'MOTOROUTE_LANG',
    allowed: LANGUAGES,
    validate: oneOf('lang', LANGUAGES),
  },
  {
    name: 'timeout',
    description:
      'seconds allowed for each attempt of a request, connect to last byte (3 attempts); the streamed listing: each gap between bytes and each record',
    env: 'MOTOROUTE_TIMEOUT',
    defaultValue: '30',
    validate: positiveNumber('timeout', 3600),
  },
  {
    name: 'max-time',
    description:
      'seconds allowed for the whole command, retries and waits included (as curl --max-time); unset: no limit',
    env: 'MOTOROUTE_MAX_TIME',
    validate: positiveNumber('max-time', 604_800),
  },
  {
    name: 'max-body',
    description: 'MiB allowed for one JSON answer after decoding; larger ones are refused',
    env: 'MOTOROUTE_MAX_BODY',
    defaultValue: '64',
    validate: positiveNumber('max-body', 4096),
  },
  {
    name: 'rate',
    description: 'requests per minute allowed to the service',
    env: 'MOTOROUTE_RATE',
    defaultValue: '60',
    validate: positiveNumber('rate', 6000),
  },
  {
    name: 'strict',
    description: 'a record that cannot be read is an error instead of being left out',
    env: 'MOTOROUTE_STRICT',
    defaultValue: 'false',
    allowed: ['true', 'false'],
    validate: yesNo('strict'),
  },
  {
    name: 'concurrency',
    description: 'pages of one search fetched at once (1 to 8)',
    env: 'MOTOROUTE_CONCURRENCY',
    defaultValue: '4',
    validate: wholeNumber('concurrency', 1, 8),
  },
  {
    name: 'booking-email',
    description: 'reservation e-mail address',
    env: 'MOTOROUTE_BOOKING_EMAIL',
    defaultValue: 'reservation@symone.fr',
    validate: email('booking-email'),
  },
  {
    name: 'booking-url',
    description: 'booking form for scheduled trips',
    env: 'MOTOROUTE_BOOKING_URL',
    defaultValue: 'https://symone.fr/moto',
    validate: httpUrl('booking-url'),
  },
  {
    name: 'quote-url',
    description: 'quote form for other routes and dates',
    env: 'MOTOROUTE_QUOTE_URL',
    defaultValue: 'https://symone.fr/moto?tab=tab-devis',
    validate: httpUrl('quote-url'),
  },
  {
    name: 'from',
    description: 'sender of book --eml drafts: an address, or Name <address>',
    env: 'MOTOROUTE_FROM',
    validate: sender('from'),
  },
  {
    name: 'greeting',
    description: 'first line of booking e-mails, in place of Bonjour, / Hello, (French|English: one per language)',
    env: 'MOTOROUTE_GREETING',
    validate: plainText('greeting', false),
  },
  {
    name: 'signature',
    description: 'signs booking e-mails when no --name is given, and always with voice desk (lines separated by \\n)',
    env: 'MOTOROUTE_SIGNATURE',
    validate: plainText('signature', true),
  },
  {
    name: 'voice',
    description: 'who booking e-mails speak as: customer, or desk (a support desk on the customer\u2019s behalf)',
    env: 'MOTOROUTE_VOICE',
    defaultValue: 'customer',
    allowed: VOICES,
    validate: oneOf('voice', VOICES),
  },
  {
    name: 'notify',
    description:
      'where watch sends alerts: https://…, ntfy://host/topic, ntfys://host/topic, desktop://, exec://COMMAND (several: comma-separated)',
    env: 'MOTOROUTE_NOTIFY',
    validate: (value, lang = 'en') => {
      if (!/^\s*(?:https?|ntfys?|desktop|exec):\/\//i.test(value))
        throw new UsageError(SETTING_WORDS[lang].notNotifyTarget(value));
      return value.trim();
    },
  },
];

/** Finds a key by name, or throws a UsageError listing the known keys, in `lang`. */
export function findConfigKey(name: string, lang: SettingLang = 'en'): ConfigKey {
  const key = CONFIG_KEYS.find((candidate) => candidate.name === name);
  if (!key)
    throw new UsageError(
      SETTING_WORDS[lang].unknownSetting(
        name,
        CONFIG_KEYS.map((k) => k.name),
      ),
    );
  return key;
}
