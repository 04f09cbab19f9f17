import type { IncomingMessage } from 'node:http';
import { HttpError } from './reply.js';

const MAX_BODY_BYTES = 1_000_000;

/** Reads a request body as UTF-8 text; 413 past 1 MB. */
export async function readBodyText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `request body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body; an empty body gives undefined, anything unparsable a 400 saying so. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body is not valid JSON (${(error as Error).message})`);
  }
}
