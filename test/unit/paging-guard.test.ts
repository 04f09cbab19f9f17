import { describe, expect, it } from 'vitest';
import { PagingGuard } from '../../src/client/paging-guard.js';
import { ApiError } from '../../src/errors.js';

describe('PagingGuard', () => {
  it('lets honest paging through: new cursors, new pages, more only within the total', () => {
    const guard = new PagingGuard();
    guard.page(['1', '2'], 5, true);
    guard.cursor('a');
    guard.page(['3', '4'], 5, true);
    guard.cursor('b');
    guard.page(['5'], 5, false);
  });

  it('refuses a cursor followed twice', () => {
    const guard = new PagingGuard();
    guard.page(['1'], undefined, true);
    guard.cursor('same');
    guard.page(['2'], undefined, true);
    expect(() => guard.cursor('same')).toThrow(ApiError);
    expect(() => guard.cursor('same')).toThrow(
      /sent the cursor "same" a second time: its paging loops\. motoroute stopped after 2 pages \(2 trips\)/,
    );
  });

  it('refuses a page holding the same trips as an earlier one, however far back', () => {
    const guard = new PagingGuard();
    guard.page(['1', '2'], undefined, true);
    guard.page(['3', '4'], undefined, true);
    expect(() => guard.page(['1', '2'], undefined, true)).toThrow(
      /page 3 of GET \/route\/ai\/search holds the same trips as page 1/,
    );
  });

  it('refuses "more" past an announced total, not past a derived one', () => {
    const announced = new PagingGuard();
    announced.page(['1', '2'], 2, true);
    expect(() => announced.page(['3'], 2, true)).toThrow(
      /still says there is more after 3 trips, past the 2 it announced/,
    );
    const derived = new PagingGuard();
    derived.page(['1', '2'], undefined, true);
    derived.page(['3', '4'], undefined, true);
    // Past the total, but the last page: the service miscounted, and nothing loops.
    const last = new PagingGuard();
    last.page(['1', '2'], 2, true);
    last.page(['3'], 2, false);
  });

  it('keeps a long cursor short and clean in its message', () => {
    const guard = new PagingGuard();
    const cursor = `\x1b]0;x\x07${'c'.repeat(100)}`;
    guard.cursor(cursor);
    expect(() => guard.cursor(cursor)).toThrow(/sent the cursor "c+…" a second time/);
  });
});
