import type { Writable } from 'node:stream';
import { bodyText } from '../../client/decode.js';
import { parseJsonExact } from '../../domain/exact-json.js';
import type { RawResponse } from '../../client/options.js';
import { jsonSafeStringify, sanitiseText } from '../../output/sanitise.js';

/** How a response is printed: a terminal gets pretty, cleaned text; a pipe gets the bytes as received. */
export interface PrintResponseOptions {
  tty: boolean;
  /** -i: the status line and headers first, like curl -i and gh api -i. */
  include: boolean;
  /** HEAD answers have no body to print. */
  method: string;
  /** Ends a piped body without a line break with one (between pages of --paginate). */
  separate?: boolean;
}

/** Prints one response on stdout: optionally its status line and headers, then its body. */
export async function printResponse(
  stdout: Writable,
  response: RawResponse,
  options: PrintResponseOptions,
): Promise<void> {
  if (options.include) await writeText(stdout, formatHead(response, options.tty));
  if (options.method === 'HEAD' || response.body.length === 0) return;
  if (!options.tty) {
    await writeBytes(stdout, response.body);
    if (options.separate && response.body[response.body.length - 1] !== 0x0a) await writeText(stdout, '\n');
    return;
  }
  await writeText(stdout, formatBodyForTerminal(response));
}

/** `HTTP/1.1 200 OK` and one `Name: value` line per header, then a blank line. */
export function formatHead(response: RawResponse, tty: boolean): string {
  const clean = (text: string) => (tty ? sanitiseText(text) : text.replace(/[\r\n]/g, ' '));
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`.trimEnd()];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value])
      lines.push(`${canonicalHeaderName(clean(name))}: ${clean(one)}`);
  }
  return `${lines.join('\n')}\n\n`;
}

/** A JSON body indented (every string escaped so it cannot drive the terminal), any other text with controls removed. */
export function formatBodyForTerminal(response: Pick<RawResponse, 'body' | 'headers'>): string {
  // Shown in its declared charset; bytes that do not decode are shown as U+FFFD here, where nothing is data.
  let text: string;
  try {
    text = bodyText(response.body, response.headers['content-type']);
  } catch {
    text = new TextDecoder().decode(response.body);
  }
  const json = parseJson(text);
  if (json.ok) return `${jsonSafeStringify(json.value, 2)}\n`;
  const cleaned = text.split(/\r?\n/).map(sanitiseText).join('\n');
  return cleaned.endsWith('\n') ? cleaned : `${cleaned}\n`;
}

/** `content-type` → `Content-Type`. */
export function canonicalHeaderName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[' && start !== '"') return { ok: false };
  try {
    return { ok: true, value: parseJsonExact(text) };
  } catch {
    return { ok: false };
  }
}

function writeText(stream: Writable, text: string): Promise<void> {
  return writeBytes(stream, Buffer.from(text, 'utf8'));
}

/** Writes and waits for room; a closed reader (`| head`) is not an error. */
function writeBytes(stream: Writable, bytes: Uint8Array): Promise<void> {
  if (bytes.length === 0 || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      resolve();
    };
    let hasRoom: boolean;
    try {
      hasRoom = stream.write(bytes);
    } catch {
      resolve();
      return;
    }
    if (hasRoom) return resolve();
    stream.once('drain', done);
    stream.once('close', done);
  });
}
