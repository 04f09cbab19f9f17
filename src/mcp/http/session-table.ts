/** How many sessions may be open, and how long an unused one lives. */
export interface SessionLimits {
  /** Sessions of one client (its address); past it, that client's least recently used session ends. */
  perClient: number;
  /** Sessions in all; past it, the least recently used ends, a handshake never followed by a call first. */
  total: number;
  /** A session without a request for this long ends. */
  idleMs: number;
  /** A session whose initialize was never followed by another message (half-open) ends after this time. */
  handshakeMs: number;
}

// Clients rarely end their sessions (the SDK's close() and the Inspector send no DELETE): old ones must make room
// for new ones rather than refuse them. A client keeps a session a conversation; a few dozen cover its tabs.
export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  perClient: 32,
  total: 1_000,
  idleMs: 10 * 60_000,
  handshakeMs: 60_000,
};

interface Entry<T> {
  value: T;
  client: string;
  lastActive: number;
  /** A message after initialize has come (initialized, a request, the GET stream): the handshake was completed. */
  used: boolean;
}

/** The open sessions by id: who opened each, when it was last used, and which must end to make room or for age. */
export class SessionTable<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(
    readonly limits: SessionLimits,
    readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Sessions whose initialize was followed by nothing yet. */
  get halfOpen(): number {
    let count = 0;
    for (const entry of this.#entries.values()) if (!entry.used) count += 1;
    return count;
  }

  values(): T[] {
    return [...this.#entries.values()].map((entry) => entry.value);
  }

  /** The session, marked active and its handshake completed; undefined for an unknown id. */
  touch(id: string): T | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    entry.lastActive = this.now();
    entry.used = true;
    return entry.value;
  }

  /** The sessions to end so that one more of `client` fits (its own oldest first, then the table's). */
  makeRoomFor(client: string): T[] {
    const ending: T[] = [];
    const own = this.#sorted((entry) => entry.client === client);
    while (own.length >= this.limits.perClient) ending.push(this.#drop(own.shift() as [string, Entry<T>]));
    const all = this.#sorted(() => true);
    all.sort(([, a], [, b]) => Number(a.used) - Number(b.used));
    while (all.length >= this.limits.total) ending.push(this.#drop(all.shift() as [string, Entry<T>]));
    return ending;
  }

  add(id: string, client: string, value: T): void {
    this.#entries.set(id, { value, client, lastActive: this.now(), used: false });
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }

  /** Removes and returns the sessions idle too long, and the handshakes never followed by a call in time. */
  expired(): T[] {
    const now = this.now();
    const ending: T[] = [];
    for (const [id, entry] of [...this.#entries]) {
      const idle = now - entry.lastActive;
      if (idle > this.limits.idleMs || (!entry.used && idle > this.limits.handshakeMs))
        ending.push(this.#drop([id, entry]));
    }
    return ending;
  }

  #sorted(keep: (entry: Entry<T>) => boolean): [string, Entry<T>][] {
    return [...this.#entries].filter(([, entry]) => keep(entry)).sort(([, a], [, b]) => a.lastActive - b.lastActive);
  }

  #drop([id, entry]: [string, Entry<T>]): T {
    this.#entries.delete(id);
    return entry.value;
  }
}
