import { UsageError } from '../errors.js';

/** Who the e-mail speaks as: the customer (« ma moto »), or a support desk writing on the customer's behalf. */
export const VOICES = ['customer', 'desk'] as const;

/** One of VOICES. */
export type Voice = (typeof VOICES)[number];

/**
 * Reads a voice (`--voice`, the `voice` setting), or throws a UsageError naming the option.
 * @param option how the error names the value.
 * @example
 * ```ts
 * parseVoice(' Desk ', 'voice'); // 'desk'
 * ```
 */
export function parseVoice(value: string, option: string): Voice {
  const voice = VOICES.find((candidate) => candidate === value.trim().toLowerCase());
  if (voice === undefined)
    throw new UsageError(
      `${option}: "${value}" must be one of ${VOICES.join(', ')} (desk: the e-mail asks on behalf of your customer).`,
    );
  return voice;
}
