import type { ResponseInfo } from './response-info.js';

/** A result with the answer it came from: what `.withResponse()` resolves to. */
export interface WithResponse<T> {
  /** What the method resolves to on its own: the page, the cities, the job… */
  data: T;
  /** The answer the data was read from (the last attempt's, after retries and redirects). */
  response: ResponseInfo;
}

/**
 * What every promise-returning method of RouteClient returns: a real `Promise<T>` of the data (await it as
 * usual) that can also give the answer it came from, through `withResponse()`. The request starts when the
 * method is called, once, whichever is used.
 * @example
 * ```ts
 * const page = await client.search({ depart: 'Paris' });
 * const { data, response } = await client.search({ depart: 'Paris' }).withResponse();
 * console.log(response.headers.get('x-ratelimit-limit'), data.routes.length);
 * ```
 */
export class ApiPromise<T> extends Promise<T> {
  /**
   * `then()` and friends give plain promises: the constructor of an ApiPromise takes an answer, not an executor.
   * @example
   * ```ts
   * client.search({}).then((page) => page.routes) instanceof ApiPromise; // false: a Promise
   * ```
   */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #answer: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  /**
   * Made by the client from the promise of a result and its answer; not meant to be built by hand.
   * @example
   * ```ts
   * const promise = new ApiPromise(Promise.resolve({ data: 1, response: { status: 200, statusText: 'OK', url: 'http://127.0.0.1/', headers: new Headers() } }));
   * ```
   */
  constructor(answer: Promise<WithResponse<T>>) {
    // The promise itself is never settled with the data: every way of reading it goes through #answer, so a
    // failure is reported once (unhandled only if nobody asks for it, as with any promise).
    super((resolve) => resolve(undefined as T));
    this.#answer = answer;
  }

  /**
   * The data and the answer it came from: status, status text, URL and headers of the last attempt.
   * @example
   * ```ts
   * const { data, response } = await client.citiesNear('Lyon').withResponse();
   * console.log(response.status, response.headers.get('x-ratelimit-remaining'), data.cities.length);
   * ```
   */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answer;
  }

  // The one `any` of the client: a rejection's reason is typed exactly as on Promise (lib.es5), so that a caller's
  // `.catch((error) => error.status)`, written when these methods returned plain promises, still compiles.
  /**
   * As on any promise: the data, once the answer is read (or the error it failed with).
   * @example
   * ```ts
   * client.search({ depart: 'Paris' }).then((page) => console.log(page.total));
   * ```
   */
  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise, as openai-node's is
  override then<TResult1 = T, TResult2 = never>(
    onfulfilled?: ((value: T) => TResult1 | PromiseLike<TResult1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: Promise's own signature
    onrejected?: ((reason: any) => TResult2 | PromiseLike<TResult2>) | null,
  ): Promise<TResult1 | TResult2> {
    return this.#parsed().then(onfulfilled, onrejected);
  }

  /**
   * As on any promise: handles a failure (an ApiError, a NetworkError, a TimeoutError…).
   * @example
   * ```ts
   * const page = await client.search({ depart: 'Paris' }).catch((error) => (error instanceof NotFoundError ? undefined : Promise.reject(error)));
   * ```
   */
  override catch<TResult = never>(
    // biome-ignore lint/suspicious/noExplicitAny: Promise's own signature
    onrejected?: ((reason: any) => TResult | PromiseLike<TResult>) | null,
  ): Promise<T | TResult> {
    return this.#parsed().catch(onrejected);
  }

  /**
   * As on any promise: runs once the call has settled, either way.
   * @example
   * ```ts
   * await client.search({ depart: 'Paris' }).finally(() => spinner.stop());
   * ```
   */
  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#parsed().finally(onfinally);
  }

  #parsed(): Promise<T> {
    this.#data ??= this.#answer.then((answer) => answer.data);
    return this.#data;
  }
}

/** Runs `call` as an ApiPromise: a throw inside it (a bad option) rejects the promise, before any request. */
export function apiPromise<T>(call: () => Promise<WithResponse<T>>): ApiPromise<T> {
  return new ApiPromise(call());
}
