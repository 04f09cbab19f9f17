import type { CompressEncoding, ResolvedOptions } from '../options.js';
import { acceptsEncoding } from './encoding.js';

/** How the bytes of one answer go on the wire: JSON content type, byte-order mark, compression. */
export interface Wire {
  /** Content-Type of JSON bodies. */
  jsonType: string;
  /** JSON bodies start with the UTF-8 byte-order mark. */
  bom: boolean;
  /** The content coding negotiated for this request, or undefined for identity. */
  encoding: CompressEncoding | undefined;
  /** Garble the compressed body so decoding fails (a corruptNext hook); identity bodies are left alone. */
  corrupt: boolean;
  /** Headers these choices add to every answer (Vary). */
  headers: Record<string, string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The reference's wire: application/json, no BOM, identity. */
export const PLAIN_WIRE: Wire = { jsonType: JSON_TYPE, bom: false, encoding: undefined, corrupt: false, headers: {} };

/** The wire of one request, from the server's options and the request's Accept-Encoding. */
export function wireFor(options: ResolvedOptions, acceptEncoding: string | undefined, corrupt: boolean): Wire {
  const { compress, bom, textPlain } = options;
  if (compress === undefined && !bom && !textPlain) return PLAIN_WIRE;
  return {
    jsonType: textPlain ? 'text/plain; charset=utf-8' : JSON_TYPE,
    bom,
    encoding: compress !== undefined && acceptsEncoding(acceptEncoding, compress) ? compress : undefined,
    corrupt,
    // The answer depends on Accept-Encoding whenever compression is configured, chosen or not.
    headers: compress === undefined ? {} : { vary: 'Accept-Encoding' },
  };
}
