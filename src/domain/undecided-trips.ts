import type { SearchQuery, Trip, TripFilter } from './types.js';

/** A trip of the listing judged on its complete (search) record, with what the caller kept of its listing record. */
export interface CompletedMatch<T> {
  item: T;
  trip: Trip;
}

/**
 * The listing trips a filter could not judge from their records, and how the search's complete records
 * judge them. The ids are held (with an item the caller wants back, e.g. the raw record); a complete
 * record found in the search decides its trip, and a trip the search did not return does not match,
 * since the search asked (completionQuery) returns every trip the filter could match.
 */
export class UndecidedTrips<T> {
  readonly #items = new Map<string, T>();
  #from = '';
  #to = '';
  #found = 0;

  /** Holds a trip the filter could not judge. */
  add(trip: Trip, item: T): void {
    this.#items.set(trip.id, item);
    if (this.#from === '' || trip.date < this.#from) this.#from = trip.date;
    if (trip.date > this.#to) this.#to = trip.date;
  }

  /** Trips held and not judged yet. */
  get size(): number {
    return this.#items.size;
  }

  /** Trips judged so far on a complete record. */
  get found(): number {
    return this.#found;
  }

  /**
   * The search whose answer holds, complete, every held trip the filter could match: the filter's own cities
   * (or, for --via alone, departures from the via city, which the service matches at every stop but the last),
   * over the days of the held trips within the filter's dates.
   */
  completionQuery(filter: TripFilter): SearchQuery {
    const query: SearchQuery = {};
    if (filter.depart !== undefined) query.depart = filter.depart;
    if (filter.arrival !== undefined) query.arrival = filter.arrival;
    if (filter.depart === undefined && filter.arrival === undefined && filter.via !== undefined)
      query.depart = filter.via;
    if (this.#from !== '') {
      query.date_from = filter.dateFrom !== undefined && filter.dateFrom > this.#from ? filter.dateFrom : this.#from;
      query.date_to = filter.dateTo !== undefined && filter.dateTo < this.#to ? filter.dateTo : this.#to;
    }
    return query;
  }

  /**
   * Judges the held trips among `trips` (complete records) by the filter; returns the ones that match, each
   * once. Trips not held (decided already, or not in the listing) are ignored.
   */
  judge(trips: readonly Trip[], matches: (trip: Trip) => boolean): CompletedMatch<T>[] {
    const matched: CompletedMatch<T>[] = [];
    for (const trip of trips) {
      if (!this.#items.has(trip.id)) continue;
      const item = this.#items.get(trip.id) as T;
      this.#items.delete(trip.id);
      this.#found += 1;
      if (matches(trip)) matched.push({ item, trip });
    }
    return matched;
  }

  /** Drops the trips still held (absent from the search: they do not match); returns how many there were. */
  dropAbsent(): number {
    const absent = this.#items.size;
    this.#items.clear();
    return absent;
  }
}
