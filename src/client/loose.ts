// zod schemas of single values that accept what real deployments send besides the documented type:
// numbers as numeric strings ("359"), ids as numbers, booleans as "true"/"false".
import * as z from 'zod/mini';
import { describeValue, toCount, toId, toNumber } from './loose-values.js';

/** A zod schema from a reader function: `undefined` from the reader is a problem worded "expected <what>, got <value>". */
function readWith<T>(read: (value: unknown) => T | undefined, what: string) {
  return z.pipe(
    z.unknown(),
    z.transform((value: unknown, ctx) => {
      const result = read(value);
      if (result !== undefined) return result;
      ctx.issues.push({ code: 'custom', message: `expected ${what}, got ${describeValue(value)}`, input: value });
      return z.NEVER;
    }),
  );
}

/** A number, also sent as a numeric string. */
export const looseNumber = (what = 'a number') => readWith(toNumber, what);
/** A whole number ≥ 0, also sent as a numeric string. */
export const looseCount = (what = 'a whole number, 0 or more') => readWith(toCount, what);
/** A whole number ≥ 1, also sent as a numeric string. */
export const loosePositive = (what = 'a whole number, 1 or more') =>
  readWith((value) => {
    const count = toCount(value);
    return count !== undefined && count >= 1 ? count : undefined;
  }, what);
/** An identifier: a non-empty string, or a number read as its decimal string. */
export const looseId = () => readWith(toId, 'an identifier (a string or a number)');
/** A boolean, also sent as "true"/"false". */
export const looseBoolean = () =>
  readWith(
    (value) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined),
    'true or false',
  );
