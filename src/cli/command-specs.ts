import type { CommandSpec } from '../commands/define.js';
import { COMMAND_REGISTRY, loadCommands } from '../commands/index.js';
import { commandWord } from './startup/command-word.js';

/**
 * The commands a run builds in commander: the one `argv` names, alone (only its module is loaded); every command when
 * it names none (help and an unknown command's suggestions list them) or `completion`, which describes the whole tree.
 */
export async function commandSpecsFor(argv: readonly string[]): Promise<readonly CommandSpec[]> {
  const word = commandWord(argv);
  const entry = word === 'completion' ? undefined : COMMAND_REGISTRY.find((command) => command.name === word);
  return entry ? [await entry.load()] : loadCommands();
}
