import type { CommandSpec } from './define.js';

/** One command of the registry: its name, and the loader of its spec (its module is imported only when needed). */
export interface CommandEntry {
  name: string;
  load: () => Promise<CommandSpec>;
}

/**
 * Every command, in the order help lists them: the one registry. A run that names one command loads only that
 * command's module (`cli/command-specs.ts`); help, an unknown command's suggestions and shell completion load them all
 * (`loadCommands`). The command word is found from these names alone (`cli/startup/command-word.ts`), before any
 * loader runs. Command files stay light: handlers load what they need lazily.
 */
export const COMMAND_REGISTRY: readonly CommandEntry[] = [
  { name: 'search', load: async () => (await import('./search.js')).searchCommand },
  { name: 'show', load: async () => (await import('./show.js')).showCommand },
  { name: 'list', load: async () => (await import('./list.js')).listCommand },
  { name: 'near', load: async () => (await import('./near.js')).nearCommand },
  { name: 'batch', load: async () => (await import('./batch.js')).batchCommand },
  { name: 'cache', load: async () => (await import('./cache.js')).cacheCommand },
  { name: 'calendar', load: async () => (await import('./calendar.js')).calendarCommand },
  { name: 'watch', load: async () => (await import('./watch.js')).watchCommand },
  { name: 'job', load: async () => (await import('./job.js')).jobCommand },
  { name: 'book', load: async () => (await import('./book.js')).bookCommand },
  { name: 'ask', load: async () => (await import('./ask.js')).askCommand },
  { name: 'desk', load: async () => (await import('./desk.js')).deskCommand },
  { name: 'api', load: async () => (await import('./api.js')).apiCommand },
  { name: 'config', load: async () => (await import('./config.js')).configCommand },
  { name: 'serve', load: async () => (await import('./serve.js')).serveCommand },
  { name: 'doctor', load: async () => (await import('./doctor.js')).doctorCommand },
  { name: 'mcp', load: async () => (await import('./mcp.js')).mcpCommand },
  { name: 'completion', load: async () => (await import('./completion.js')).completionCommand },
];

let everyCommand: Promise<readonly CommandSpec[]> | undefined;

/** Every command's spec, in the registry's order, loaded once. */
export function loadCommands(): Promise<readonly CommandSpec[]> {
  everyCommand ??= Promise.all(COMMAND_REGISTRY.map((entry) => entry.load()));
  return everyCommand;
}
