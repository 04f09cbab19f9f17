import { sanitiseText } from '../domain/safe-text.js';
import { ApiError } from '../errors.js';

// A service whose paging lies would be followed for ever, or print its trips twice (calendar counted 8 where
// 4 were sent): a cursor or a page that comes back, or "more" past the total it announced, ends the
// paging with an error instead. Shared by the client's paging and `api --paginate`.

const SEARCH = 'GET /route/ai/search';

/** Watches the pages of one search as they come, in order; each check throws an ApiError when the paging lies. */
export class PagingGuard {
  readonly #cursors = new Set<string>();
  /** Each page's trips (their ids, in order) → the page's position, to find one sent again. */
  readonly #pages = new Map<string, number>();
  #received = 0;
  #pageCount = 0;

  constructor(readonly url = '/route/ai/search') {}

  /** Before following `cursor`: one already followed means the paging loops. */
  cursor(cursor: string): void {
    if (this.#cursors.has(cursor)) {
      const shown = sanitiseText(cursor.length > 40 ? `${cursor.slice(0, 40)}…` : cursor);
      this.#fail(`${SEARCH} sent the cursor "${shown}" a second time: its paging loops`);
    }
    this.#cursors.add(cursor);
  }

  /**
   * Before using a page: its trips must not be a page already seen (the `page` parameter ignored, or a
   * loop), nor come past the total the service announced while it says there is more.
   */
  page(ids: readonly string[], total: number | undefined, more: boolean): void {
    const position = this.#pageCount + 1;
    if (ids.length > 0) {
      const key = ids.join('\u0000');
      const earlier = this.#pages.get(key);
      if (earlier !== undefined) {
        this.#fail(
          `page ${position} of ${SEARCH} holds the same trips as page ${earlier}: the service ignores the page asked for, or pages in a loop`,
        );
      }
      this.#pages.set(key, position);
    }
    const received = this.#received + ids.length;
    // Only a total the service announced can be passed; a derived one (search-page.ts) says nothing.
    if (this.#pageCount > 0 && total !== undefined && received > total && more) {
      this.#fail(
        `${SEARCH} still says there is more after ${received} trips, past the ${total} it announced: its paging does not end`,
      );
    }
    this.#received = received;
    this.#pageCount = position;
  }

  #fail(reason: string): never {
    const pages = this.#pageCount === 1 ? '1 page' : `${this.#pageCount} pages`;
    throw new ApiError(
      `${reason}. motoroute stopped after ${pages} (${this.#received} trips); the answer is incomplete.`,
      200,
      this.url,
    );
  }
}
