import { UsageError } from '../../errors.js';
import type { NotifyTarget } from '../../notify/target.js';
import { splitCommandLine } from './split-command.js';

const SCHEMES =
  'https://… or http://… (a Standard Webhooks endpoint), ntfy://host/topic, ntfys://host/topic, desktop:// or exec://COMMAND';
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/**
 * Reads a notification target as written on the command line or in the `notify` setting (Apprise's scheme
 * names where they fit): a webhook URL, an ntfy topic, the desktop, or a command. A bad one is a UsageError
 * naming `flag`, before anything is sent.
 */
export function parseNotifyTarget(text: string, flag: string): NotifyTarget {
  const value = text.trim();
  const scheme = /^([a-z]+):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'exec') return execTarget(value.slice('exec://'.length), flag, value);
  if (scheme === 'desktop') {
    if (value.length > 'desktop://'.length)
      throw new UsageError(`${flag}: "${text}": desktop:// takes nothing after it.`);
    return { kind: 'desktop', key: 'desktop://', label: 'desktop://' };
  }
  if (scheme === 'http' || scheme === 'https' || scheme === 'ntfy' || scheme === 'ntfys') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(`${flag}: "${text}" is not a URL.`);
    }
    if (url.hostname === '') throw new UsageError(`${flag}: "${text}" names no host.`);
    if (scheme === 'http' || scheme === 'https')
      return { kind: 'webhook', key: url.href, label: shownUrl(url), url: url.href };
    const topic = url.pathname.replace(/^\/+|\/+$/g, '');
    if (!TOPIC.test(topic) || url.search !== '')
      throw new UsageError(
        `${flag}: "${text}" needs one topic after the host (letters, digits, - and _), e.g. ${scheme}://ntfy.sh/my-trips.`,
      );
    const http = scheme === 'ntfys' ? 'https' : 'http';
    const label = `${scheme}://${url.host}/${topic}`;
    return { kind: 'ntfy', key: label, label, url: `${http}://${url.host}/${topic}` };
  }
  throw new UsageError(`${flag}: "${text}" is not a target; use ${SCHEMES}.`);
}

/** `exec://COMMAND` or --notify-exec COMMAND: the program and its arguments, run without a shell. */
export function execTarget(command: string, flag: string, label = `exec://${command}`): NotifyTarget {
  return { kind: 'exec', key: label, label, argv: splitCommandLine(command, flag) };
}

/**
 * The targets of the `notify` setting: several are separated by commas, each starting with its scheme (a comma
 * inside a command, not followed by a scheme, stays in it).
 */
export function parseNotifySetting(text: string): NotifyTarget[] {
  return text
    .split(/,\s*(?=(?:https?|ntfys?|desktop|exec):\/\/)/i)
    .filter((part) => part.trim() !== '')
    .map((part) => parseNotifyTarget(part, 'notify'));
}

/** A webhook URL for messages: its origin and first path segment; the rest (where secrets go) as `…`. */
function shownUrl(url: URL): string {
  const [first, ...rest] = url.pathname.split('/').filter((segment) => segment !== '');
  const hidden = rest.length > 0 || url.search !== '' || url.username !== '';
  return `${url.protocol}//${url.host}/${first ?? ''}${hidden ? (first ? '/…' : '…') : ''}`;
}
