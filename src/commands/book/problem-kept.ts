import { UsageError } from '../../errors.js';
import type { OptionSpec } from '../options.js';

/** An option's value as read, or the sentence saying why it could not be read. */
export type ReadOrProblem<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * The same option, whose bad value is kept as a problem instead of thrown, so that `book` can list every invalid
 * field at once (the kind, help, completion and the value it refuses stay the option's own).
 */
export function keepingProblem<T>(spec: OptionSpec<T>): OptionSpec<ReadOrProblem<T>> {
  return {
    ...spec,
    parse(raw, at) {
      try {
        return { ok: true, value: spec.parse(raw, at) };
      } catch (error) {
        if (error instanceof UsageError) return { ok: false, problem: error.message };
        throw error;
      }
    },
  };
}

/** The value of an option read by keepingProblem, or undefined with its problem added to `problems`. */
export function valueOrProblem<T>(read: ReadOrProblem<T>, problems: string[]): T | undefined {
  if (read.ok) return read.value;
  problems.push(read.problem);
  return undefined;
}
