import type { CommandSpec } from '../commands/define.js';
import { commandWord } from './startup/command-word.js';

/**
 * Each command's spec, loaded alone: a run that names one command loads only that command's module, so the
 * others' option tables neither run nor are compiled. `completion` is missing on purpose (it describes
 * the whole tree). test/unit/startup.test.ts keeps these equal to the registry (commands/index.ts).
 */
const LOADERS: Readonly<Record<string, () => Promise<CommandSpec>>> = {
  search: async () => (await import('../commands/search.js')).searchCommand,
  show: async () => (await import('../commands/show.js')).showCommand,
  list: async () => (await import('../commands/list.js')).listCommand,
  near: async () => (await import('../commands/near.js')).nearCommand,
  batch: async () => (await import('../commands/batch.js')).batchCommand,
  cache: async () => (await import('../commands/cache.js')).cacheCommand,
  calendar: async () => (await import('../commands/calendar.js')).calendarCommand,
  watch: async () => (await import('../commands/watch.js')).watchCommand,
  job: async () => (await import('../commands/job.js')).jobCommand,
  book: async () => (await import('../commands/book.js')).bookCommand,
  ask: async () => (await import('../commands/ask.js')).askCommand,
  desk: async () => (await import('../commands/desk.js')).deskCommand,
  api: async () => (await import('../commands/api.js')).apiCommand,
  config: async () => (await import('../commands/config.js')).configCommand,
  serve: async () => (await import('../commands/serve.js')).serveCommand,
  doctor: async () => (await import('../commands/doctor.js')).doctorCommand,
  mcp: async () => (await import('../commands/mcp.js')).mcpCommand,
};

/**
 * The commands a run builds in commander: the one `argv` names, alone; every command when it names none (help and
 * an unknown command's suggestions list them) or `completion`.
 */
export async function commandSpecsFor(argv: readonly string[]): Promise<readonly CommandSpec[]> {
  const word = commandWord(argv);
  const load = Object.hasOwn(LOADERS, word) ? LOADERS[word] : undefined;
  return load ? [await load()] : (await import('../commands/index.js')).COMMANDS;
}
