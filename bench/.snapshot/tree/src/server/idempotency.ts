/** A stored answer for one Idempotency-Key. */
export interface StoredAnswer {
  /** Canonical form of the request body the key was first used with. */
  fingerprint: string;
  body: unknown;
  storedAt: number;
}

/** How long an Idempotency-Key's answer is replayed (reference §4.4). */
export const IDEMPOTENCY_TTL_MS = 5 * 60_000;
const MAX_KEYS = 10_000;

/** Answers of batch requests by Idempotency-Key, forgotten after five minutes. */
export class IdempotencyStore {
  private readonly answers = new Map<string, StoredAnswer>();

  /** The live answer stored under `key`, if any. */
  get(key: string, now: number): StoredAnswer | undefined {
    const stored = this.answers.get(key);
    if (stored && now - stored.storedAt >= IDEMPOTENCY_TTL_MS) {
      this.answers.delete(key);
      return undefined;
    }
    return stored;
  }

  /** Stores an answer; the oldest keys go first when the store is full. */
  put(key: string, answer: StoredAnswer): void {
    if (this.answers.size >= MAX_KEYS) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, answer);
  }
}
