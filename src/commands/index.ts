import type { CommandSpec } from './define.js';
import { apiCommand } from './api.js';
import { askCommand } from './ask.js';
import { batchCommand } from './batch.js';
import { bookCommand } from './book.js';
import { cacheCommand } from './cache.js';
import { calendarCommand } from './calendar.js';
import { completionCommand } from './completion.js';
import { configCommand } from './config.js';
import { deskCommand } from './desk.js';
import { doctorCommand } from './doctor.js';
import { jobCommand } from './job.js';
import { listCommand } from './list.js';
import { mcpCommand } from './mcp.js';
import { nearCommand } from './near.js';
import { searchCommand } from './search.js';
import { serveCommand } from './serve.js';
import { showCommand } from './show.js';
import { watchCommand } from './watch.js';

/** Every command, in the order help lists them. Command files stay light: handlers load what they need lazily. */
export const COMMANDS: readonly CommandSpec[] = [
  searchCommand,
  showCommand,
  listCommand,
  nearCommand,
  batchCommand,
  cacheCommand,
  calendarCommand,
  watchCommand,
  jobCommand,
  bookCommand,
  askCommand,
  deskCommand,
  apiCommand,
  configCommand,
  serveCommand,
  doctorCommand,
  mcpCommand,
  completionCommand,
];
