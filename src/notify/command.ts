import type { DeliveryOutcome } from '../core/alerts/outbox.js';
import { runProgram } from './run-program.js';
import type { Notice, SendOptions } from './target.js';

/** Runs the target's program with the notice's JSON (`{type, timestamp, data}`) on its stdin; a failure is tried again. */
export async function sendCommand(
  argv: string[],
  label: string,
  notice: Notice,
  options: SendOptions,
): Promise<DeliveryOutcome> {
  const problem = await runProgram(argv, `${JSON.stringify({ id: notice.id, ...notice.payload })}\n`, {
    stderr: options.stderr,
    signal: options.signal,
  });
  if (problem === undefined) return { kind: 'sent' };
  return {
    kind: 'retry',
    problem: options.signal.aborted ? `${label} did not finish in time` : `${label}: ${problem}`,
  };
}
