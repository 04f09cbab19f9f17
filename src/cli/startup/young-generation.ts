import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * The size a listing's young generation stops at: each of its two semi-spaces, in MiB. V8 grows them up to
 * 16 MiB as survivors accumulate, and a listing's stream of short-lived records touches every page of both:
 * 32 MiB of the 1,000,000-route listing's peak (108 MiB). At 4 MiB the listing peaks at ~94 MiB for about
 * the same CPU time (more, cheaper scavenges); at 1 MiB it took 1,300 scavenges and half a second more.
 */
export const LISTING_SEMI_SPACE_MIB = 4;

/**
 * The flag that makes the young generation's first growth reach `semiSpaceMiB` at once (from V8's 1 MiB):
 * V8 reads the growth factor each time it grows the young generation, so it can be set in-process, whereas
 * `--max-semi-space-size` is read only when the heap is made (before any of our code runs).
 */
export function semiSpaceGrowthFlag(semiSpaceMiB: number): string {
  return `--semi-space-growth-factor=${semiSpaceMiB}`;
}

/**
 * Holds the young generation at `semiSpaceMiB` once it reached it: after the garbage collection that grew
 * it, the growth factor becomes 1 (grow by nothing). At exit the factor is put back, because V8 files a
 * code cache under the flags in force when it is written and this listener runs before the code cache's
 * writer (registered later): a cache filed under the held factor would be rejected by every later run.
 */
export function holdYoungGeneration(semiSpaceMiB: number): void {
  // Loaded here, by list only: node:perf_hooks (with Node's performance timeline) cost every other run ~0.45 ms.
  const { PerformanceObserver } = process.getBuiltinModule('node:perf_hooks');
  const observer = new PerformanceObserver(() => {
    const youngBytes = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    if (youngBytes < 2 * semiSpaceMiB * 1_048_576) return;
    setFlagsFromString(semiSpaceGrowthFlag(1));
    observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
  process.once('exit', () => setFlagsFromString(semiSpaceGrowthFlag(semiSpaceMiB)));
}
