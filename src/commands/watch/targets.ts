import { UsageError } from '../../errors.js';
import type { NotifyTarget } from '../../notify/target.js';
import { splitCommandLine } from './split-command.js';
import { WATCH_REFUSALS, type WatchLang } from './words.js';
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/**
 * Reads a notification target as written on the command line or in the `notify` setting (Apprise's scheme
 * names where they fit): a webhook URL, an ntfy topic, the desktop, or a command. A bad one is a UsageError
 * naming `flag` (in `lang`), before anything is sent.
 */
export function parseNotifyTarget(text: string, flag: string, lang: WatchLang = 'en'): NotifyTarget {
  const words = WATCH_REFUSALS[lang];
  const value = text.trim();
  const scheme = /^([a-z]+):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'exec') return execTarget(value.slice('exec://'.length), flag, value, lang);
  if (scheme === 'desktop') {
    if (value.length > 'desktop://'.length) throw new UsageError(words.desktopAlone(flag, text));
    return { kind: 'desktop', key: 'desktop://', label: 'desktop://' };
  }
  if (scheme === 'http' || scheme === 'https' || scheme === 'ntfy' || scheme === 'ntfys') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(words.notAUrl(flag, text));
    }
    if (url.hostname === '') throw new UsageError(words.noHost(flag, text));
    if (scheme === 'http' || scheme === 'https')
      return { kind: 'webhook', key: url.href, label: shownUrl(url), url: url.href };
    const topic = url.pathname.replace(/^\/+|\/+$/g, '');
    if (!TOPIC.test(topic) || url.search !== '') throw new UsageError(words.needsTopic(flag, text, scheme));
    const http = scheme === 'ntfys' ? 'https' : 'http';
    const label = `${scheme}://${url.host}/${topic}`;
    return { kind: 'ntfy', key: label, label, url: `${http}://${url.host}/${topic}` };
  }
  throw new UsageError(words.notATarget(flag, text));
}

/** `exec://COMMAND` or --notify-exec COMMAND: the program and its arguments, run without a shell. */
export function execTarget(
  command: string,
  flag: string,
  label = `exec://${command}`,
  lang: WatchLang = 'en',
): NotifyTarget {
  return { kind: 'exec', key: label, label, argv: splitCommandLine(command, flag, lang) };
}

/**
 * The targets of the `notify` setting: several are separated by commas, each starting with its scheme (a comma
 * inside a command, not followed by a scheme, stays in it).
 */
export function parseNotifySetting(text: string, lang: WatchLang = 'en'): NotifyTarget[] {
  return text
    .split(/,\s*(?=(?:https?|ntfys?|desktop|exec):\/\/)/i)
    .filter((part) => part.trim() !== '')
    .map((part) => parseNotifyTarget(part, 'notify', lang));
}

/** A webhook URL for messages: its origin and first path segment; the rest (where secrets go) as `…`. */
function shownUrl(url: URL): string {
  const [first, ...rest] = url.pathname.split('/').filter((segment) => segment !== '');
  const hidden = rest.length > 0 || url.search !== '' || url.username !== '';
  return `${url.protocol}//${url.host}/${first ?? ''}${hidden ? (first ? '/…' : '…') : ''}`;
}
