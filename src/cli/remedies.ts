import type { MotorouteError, Remedy } from '../errors.js';

/** The command line's words for a remedy: its flags and settings (the library's name its options). */
function cliRemedy(remedy: Remedy): string {
  switch (remedy.kind) {
    case 'timeout':
      return ' Try again later or raise --timeout.';
    case 'base-url':
      return ' Check the address (--base-url) and that the service is running.';
    case 'connection':
      return ' Check the address (--base-url) and your connection, then try again.';
    case 'max-body':
      return ' (raise it with --max-body or the max-body setting).';
    case 'strict':
      return ' (without --strict it would be left out).';
    case 'run-deadline':
      return ' (--max-time).';
    case 'moved':
      return ` If that is the service's new address, use --base-url ${remedy.base} (or: motoroute config set base-url ${remedy.base}).`;
  }
}

/** An error's message as the command line says it: its facts with the remedy in flags, when it has one. */
export function cliMessage(error: MotorouteError): string {
  return error.remedy !== undefined && error.facts !== undefined
    ? `${error.facts}${cliRemedy(error.remedy)}`
    : error.message;
}
