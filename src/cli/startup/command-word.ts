import { COMMAND_REGISTRY } from '../../commands/index.js';

/**
 * Every command's name, read from the registry. Only its names: no loader runs here, so a run loads the one
 * command it names (and --version and --help, answered by cli/main.ts before the app is loaded, never come here).
 */
export const COMMAND_NAMES: ReadonlySet<string> = new Set(COMMAND_REGISTRY.map((entry) => entry.name));

/** The global options that take a value, so the word after one is not the command (kept equal to program.ts by the same test). */
export const GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--base-url',
  '--format',
  '--fields',
  '--timeout',
  '--max-time',
  '--max-body',
  '--lang',
  '--concurrency',
]);

/**
 * The command `argv` runs, found without commander: 'other' when there is none or it is unknown.
 * It decides which command's spec is loaded (command-specs.ts); commander still parses argv.
 */
export function commandWord(argv: readonly string[]): string {
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (word === '--') break;
    if (GLOBAL_VALUE_OPTIONS.has(word)) index += 1;
    else if (!word.startsWith('-')) return COMMAND_NAMES.has(word) ? word : 'other';
  }
  return 'other';
}
