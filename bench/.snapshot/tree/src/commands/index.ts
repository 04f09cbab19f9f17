import type { CommandSpec } from './define.js';
import { bookCommand } from './book.js';
import { cacheCommand } from './cache.js';
import { configCommand } from './config.js';
import { jobCommand } from './job.js';
import { listCommand } from './list.js';
import { nearCommand } from './near.js';
import { searchCommand } from './search.js';
import { serveCommand } from './serve.js';

/** Every command, in the order help lists them. Command files stay light: handlers load what they need lazily. */
export const COMMANDS: readonly CommandSpec[] = [
  searchCommand,
  listCommand,
  nearCommand,
  cacheCommand,
  jobCommand,
  bookCommand,
  configCommand,
  serveCommand,
];
