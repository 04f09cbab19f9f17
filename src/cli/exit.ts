import { ApiError, ExitCode, MotorouteError } from '../errors.js';
import { cliMessage } from './remedies.js';

/** Maps anything thrown by a command to an exit code and the one-line message a user sees. */
export function describeFailure(error: unknown): { code: number; message: string } {
  if (error instanceof MotorouteError) {
    return { code: error.exitCode, message: cliMessage(error) };
  }
  if (isCommanderError(error)) {
    return { code: error.exitCode === 0 ? ExitCode.ok : ExitCode.usage, message: '' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: ExitCode.service, message: `Unexpected error: ${message} (run with --verbose for details).` };
}

/** Extra lines shown with --verbose: a stack trace only for an unexpected error (a bug), never for a failure we describe. */
export function failureDetails(error: unknown): string | undefined {
  if (error instanceof ApiError) return `status ${error.status}, ${error.url}`;
  if (error instanceof MotorouteError || isCommanderError(error)) return undefined;
  if (error instanceof Error) return error.stack;
  return undefined;
}

function isCommanderError(error: unknown): error is { exitCode: number; code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof (error as { code: unknown }).code === 'string' &&
    (error as { code: string }).code.startsWith('commander.')
  );
}
