/** Whether stop `index` of a trip matches a wanted city (however the caller stores and folds names). */
export type StopTest = (index: number) => boolean;

/**
 * The one rule for city filters, shared by every reader of trips and by the local service: the
 * departure filter matches a stop before the last one (the departure or a stopover), the arrival
 * filter a stop after the departure match (a stopover or the arrival), so a trip is never found
 * "from" the city where it ends or "to" the one where it starts. Stops `first` to `end - 1` in
 * travel order; an undefined test means no such filter.
 */
export function stopsInOrder(
  first: number,
  end: number,
  isDeparture: StopTest | undefined,
  isArrival: StopTest | undefined,
): boolean {
  let from = first;
  if (isDeparture) {
    while (from < end - 1 && !isDeparture(from)) from++;
    if (from >= end - 1) return false;
  }
  if (!isArrival) return true;
  for (let stop = from + 1; stop < end; stop++) if (isArrival(stop)) return true;
  return false;
}
