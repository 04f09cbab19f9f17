import type * as z from 'zod/mini';
import { ApiError, withRemedy } from '../errors.js';
import { formatIssue } from './decode.js';
import type { SkippedRecords } from './options.js';

/** One record read, or why it could not be. */
export type RecordResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Reads the records of one answer one by one (the tolerant reader): a record that cannot be read is
 * left out and counted, so one broken record among fifty costs one row, not the page. In strict mode
 * the first such record fails the whole answer instead.
 */
export class RecordReader {
  #skipped = 0;
  #of = 0;
  #firstReason = '';

  constructor(
    readonly endpoint: string,
    readonly url: string,
    readonly strict: boolean,
  ) {}

  /** The readable records of `items`, whose path in the answer is `path` (`routes`, `results[2].routes`). */
  read<I, T>(items: readonly I[], path: string, readOne: (item: I) => RecordResult<T>): T[] {
    const records: T[] = [];
    for (let index = 0; index < items.length; index++) {
      const result = readOne(items[index] as I);
      if (result.ok) records.push(result.value);
      else this.#skip(`${path}[${index}]`, result.reason);
    }
    this.#of += items.length;
    return records;
  }

  /** One record of a stream (the listing): the value, or undefined when it was left out. `path` is `record`, numbered here. */
  one<T>(item: unknown, path: string, readOne: (item: unknown) => RecordResult<T>): T | undefined {
    const result = readOne(item);
    const position = this.#of++;
    if (result.ok) return result.value;
    this.#skip(`${path} ${position + 1}`, result.reason);
    return undefined;
  }

  /** One record whose path in the answer is `path` (`results[2]`): the value, or undefined when it was left out. */
  at<T>(item: unknown, path: string, readOne: (item: unknown) => RecordResult<T>): T | undefined {
    const result = readOne(item);
    this.#of += 1;
    if (result.ok) return result.value;
    this.#skip(path, result.reason);
    return undefined;
  }

  #skip(path: string, reason: string): void {
    const where = `${path}${reason.startsWith('.') ? '' : ': '}${reason}`;
    if (this.strict) {
      throw withRemedy(
        new ApiError(`${this.endpoint} returned a record motoroute cannot read, ${where}`, 200, this.url),
        { kind: 'strict' },
      );
    }
    if (this.#skipped++ === 0) this.#firstReason = where;
  }

  /** What was skipped, or undefined when every record was read. */
  get skipped(): SkippedRecords | undefined {
    return this.#skipped === 0
      ? undefined
      : { endpoint: this.endpoint, skipped: this.#skipped, of: this.#of, firstReason: this.#firstReason };
  }
}

/** A record reader from a zod schema: the reason is the first problem, as `.field: message`. */
export function schemaReader<T>(schema: z.ZodMiniType<T>): (item: unknown) => RecordResult<T> {
  return (item) => {
    const result = schema.safeParse(item);
    return result.success ? { ok: true, value: result.data } : { ok: false, reason: formatIssue(result.error, true) };
  };
}
