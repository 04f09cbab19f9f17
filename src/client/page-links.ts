import type { SearchPage } from '../domain/types.js';
import { UsageError } from '../errors.js';
import { apiPromise, type ApiPromise } from './api-promise.js';
import type { RequestCallOptions } from './options.js';
import type { PagePosition } from './pagination.js';

/**
 * A page of a search that knows the page after it, as SDKs give pages: `hasNextPage()` and `getNextPage()`.
 * It is still plain data: the two methods are not enumerable, so JSON and spreading see the page alone.
 * @example
 * ```ts
 * let page = await client.search({ depart: 'Paris' }, { limit: 20 });
 * while (page.hasNextPage()) page = await page.getNextPage();
 * ```
 */
export interface SearchResultPage extends SearchPage {
  /**
   * Whether the service says there is a page after this one (a `next_cursor`, or `has_next` on a page with trips).
   * @example
   * ```ts
   * const page = await client.search({ depart: 'Paris' });
   * if (page.hasNextPage()) console.log('more trips follow');
   * ```
   */
  hasNextPage(): boolean;
  /**
   * The page after this one, with the same query and page size (and this call's own control, if given).
   * @throws UsageError (the promise rejects) when there is none: check {@link hasNextPage} first.
   * @example
   * ```ts
   * const first = await client.search({ depart: 'Paris' }, { limit: 20 });
   * const second = first.hasNextPage() ? await first.getNextPage({ timeoutMs: 5_000 }) : undefined;
   * ```
   */
  getNextPage(options?: RequestCallOptions): ApiPromise<SearchResultPage>;
}

/** Where the page after `page` is, or undefined when it is the last. */
export function nextPosition(page: SearchPage): PagePosition | undefined {
  if (typeof page.next_cursor === 'string' && page.next_cursor !== '') return { cursor: page.next_cursor };
  if (page.has_next && page.routes.length > 0) return { page: page.page + 1 };
  return undefined;
}

/** Gives `page` its two methods, fetching the next page through `fetch`. */
export function linkPage(
  page: SearchPage,
  fetch: (position: PagePosition, options: RequestCallOptions) => ApiPromise<SearchResultPage>,
): SearchResultPage {
  const hasNextPage = (): boolean => nextPosition(page) !== undefined;
  const getNextPage = (options: RequestCallOptions = {}): ApiPromise<SearchResultPage> => {
    const position = nextPosition(page);
    if (position === undefined) {
      return apiPromise(() =>
        Promise.reject(
          new UsageError(
            `Page ${page.page} is the last page of this search: check hasNextPage() before getNextPage().`,
          ),
        ),
      );
    }
    return fetch(position, options);
  };
  Object.defineProperties(page, {
    hasNextPage: { value: hasNextPage, enumerable: false, configurable: true, writable: true },
    getNextPage: { value: getNextPage, enumerable: false, configurable: true, writable: true },
  });
  return page as SearchResultPage;
}
