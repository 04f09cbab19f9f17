import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod/mini';
import type { WatchState } from '../../core/alerts/watch-state.js';

/**
 * The user's state directory for motoroute: `$XDG_STATE_HOME/motoroute`, else the platform's own place
 * (~/.local/state on Linux and the BSDs, ~/Library/Application Support on macOS, %LOCALAPPDATA% on Windows).
 */
export function stateDirectory(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'motoroute');
  const home = env.HOME || homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'motoroute', 'state');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'motoroute', 'state');
  return join(home, '.local', 'state', 'motoroute');
}

/** A short key for a watched query: the same query (filters, dates, radius) always has the same file. */
export function queryKey(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('hex').slice(0, 16);
}

const offer = z.object({ places: z.number(), price: z.nullable(z.number()) });
const trip = z.object({
  id: z.string(),
  date: z.string(),
  depart: z.string(),
  arrival: z.string(),
  layovers: z.array(z.string()),
  price_min: z.nullable(z.number()),
  price_max: z.nullable(z.number()),
  slots: z.array(z.number()),
  times: z.array(z.string()),
  unknown: z.optional(z.array(z.enum(['layovers', 'slots', 'times']))),
});
const alert = z.object({
  id: z.string(),
  kind: z.enum(['new', 'freed', 'price-drop', 'gone']),
  trip,
  before: z.optional(offer),
  after: z.optional(offer),
  bookingUrl: z.optional(z.string()),
  detectedAt: z.string(),
});
const stateSchema = z.object({
  version: z.literal(1),
  query: z.string(),
  revision: z.number(),
  seenAt: z.string(),
  seen: z.record(z.string(), trip),
  gone: z.record(z.string(), trip),
  outbox: z.array(
    z.object({
      alert,
      pending: z.array(
        z.object({
          target: z.string(),
          attempts: z.number(),
          nextAttemptAt: z.optional(z.string()),
          held: z.optional(z.boolean()),
        }),
      ),
    }),
  ),
  sent: z.array(
    z.object({
      id: z.string(),
      target: z.string(),
      outcome: z.enum(['sent', 'given-up']),
      at: z.string(),
      note: z.optional(z.string()),
    }),
  ),
  disabled: z.record(z.string(), z.object({ since: z.string(), reason: z.string() })),
});

/** What reading the state file found. */
export type StateRead =
  | { kind: 'none' }
  | { kind: 'state'; state: WatchState }
  | { kind: 'unreadable'; movedTo: string };

/**
 * One watch's state file: read once at the start, written whole and atomically (a temporary file beside it,
 * then a rename) after every change, one write at a time.
 */
export class StateFile {
  #writing: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    /** The watched query's key, which names the file. */
    readonly key: string,
  ) {}

  /** The state, none (a first run), or a file that could not be read, moved aside (kept, never overwritten). */
  async read(): Promise<StateRead> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const result = stateSchema.safeParse(parsed);
    if (result.success) return { kind: 'state', state: result.data as WatchState };
    const movedTo = `${this.path}.unreadable-${Date.now()}`;
    await rename(this.path, movedTo);
    return { kind: 'unreadable', movedTo };
  }

  /**
   * Takes the file for this process (a `.lock` file beside it holding the pid), so that two watches of one query
   * (a cron run still sending when the next starts) never send the same alert twice. A lock whose process is gone
   * (a crash) is taken over. Returns the pid of the live process holding it, or undefined once taken.
   */
  async lock(): Promise<number | undefined> {
    const path = `${this.path}.lock`;
    await mkdir(join(this.path, '..'), { recursive: true, mode: 0o700 });
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const handle = await open(path, 'wx', 0o600);
        await handle.writeFile(String(process.pid));
        await handle.close();
        return undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) return holder;
      await rm(path, { force: true });
    }
    return undefined;
  }

  /** Gives the file back (see {@link lock}). */
  async unlock(): Promise<void> {
    await rm(`${this.path}.lock`, { force: true });
  }

  /** Writes `state` (as it is when the write starts), after any write under way. */
  write(state: WatchState): Promise<void> {
    const text = `${JSON.stringify(state, null, 1)}\n`;
    const next = this.#writing.then(() => this.#replace(text));
    this.#writing = next.catch(() => undefined);
    return next;
  }

  async #replace(text: string): Promise<void> {
    const dir = join(this.path, '..');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, text, { mode: 0o600, flush: true });
      await rename(temp, this.path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
