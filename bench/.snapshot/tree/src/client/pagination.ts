import type { SearchPage } from '../domain/types.js';

/** Where to fetch a page from: a page number, or the opaque cursor of newer deployments. */
export type PagePosition = { page: number; cursor?: undefined } | { cursor: string; page?: undefined };

/**
 * Follows a search across pages: `next_cursor` when the service sends one, `page`/`has_next` otherwise.
 * Stops on an empty page, past `total_pages`, or when a cursor repeats (a service bug would loop forever).
 */
export async function* followPages(fetchPage: (position: PagePosition) => Promise<SearchPage>): AsyncGenerator<SearchPage> {
  let position: PagePosition = { page: 1 };
  const cursorsSeen = new Set<string>();
  for (;;) {
    const page = await fetchPage(position);
    if (page.routes.length === 0) return;
    yield page;
    const cursor = page.next_cursor;
    if (typeof cursor === 'string' && cursor !== '') {
      if (cursorsSeen.has(cursor)) return;
      cursorsSeen.add(cursor);
      position = { cursor };
      continue;
    }
    if (!page.has_next || page.page >= page.total_pages) return;
    position = { page: page.page + 1 };
  }
}
