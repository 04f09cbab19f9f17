import type { NearbyCity, Trip } from '../../domain/types.js';
import type { FormARecord, FormBRecord } from '../listing-records.js';
import { createRandom } from '../random.js';
import { BOOK_URL } from '../search-run.js';

/** A JSON object as the deviations build it. */
export type JsonObject = Record<string, unknown>;

/** The options the record-level deviations read. */
export interface DeviationSettings {
  extraFields: boolean;
  brokenRate: number;
  looseTypes: boolean;
  faultSeed: number;
}

/** Fields holding numbers that loose types send as numeric strings. */
const NUMBER_FIELDS = new Set([
  'price_min',
  'price_max',
  'prix',
  'places_disponibles',
  'places_moto_1',
  'places_passenger_1',
  'total',
  'page',
  'limit',
  'total_pages',
  'index',
  'distance_km',
]);

/** Loose types, shallow: numbers of NUMBER_FIELDS (and slots) as strings, digit-string ids as numbers. */
export function loosen(object: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === 'id' && typeof value === 'string' && /^\d{1,15}$/.test(value)) out[key] = Number(value);
    else if (typeof value === 'number' && NUMBER_FIELDS.has(key)) out[key] = String(value);
    else if (key === 'slots' && Array.isArray(value)) out[key] = value.map(String);
    else out[key] = value;
  }
  return out;
}

/** The names a trip record uses, so one list of breakages serves RouteAI and both listing forms. */
interface TripFieldNames {
  price: string;
  slots: string;
}

/** Ways to break a trip record beyond repair, taken in turn. */
const BROKEN_TRIPS: ((record: JsonObject, names: TripFieldNames) => unknown)[] = [
  (record) => ({ ...record, date: null }),
  (record, names) => ({ ...record, [names.slots]: 'n/a' }),
  (record) => ({ ...record, depart: 42 }),
  (record) => ({ ...record, id: {} }),
  ({ id: _id, ...rest }) => rest,
  (record, names) => ({ ...record, [names.price]: 'cheap' }),
  () => 'route unavailable',
  () => null,
];

/** Ways to break a cities-near entry, taken in turn. */
const BROKEN_CITIES: ((entry: JsonObject) => unknown)[] = [
  () => ({ name: null, distance_km: 'far' }),
  () => null,
  ({ name: _name, ...rest }) => rest,
  (entry) => ({ ...entry, distance_km: 'far' }),
];

/** Ways to break a cached route id, taken in turn. */
const BROKEN_IDS: unknown[] = [null, {}, []];

const ROUTE_AI_NAMES: TripFieldNames = { price: 'price_min', slots: 'slots' };
const FORM_A_NAMES: TripFieldNames = { price: 'prix', slots: 'places_disponibles' };
const FORM_B_NAMES: TripFieldNames = { price: 'price_min', slots: 'places_moto_1' };

/**
 * The record-level deviations of one answer. Whether a record is broken depends only on the fault
 * seed and its id (the same request breaks the same records); the kinds of breakage are taken in
 * turn within the answer, so even a short page shows several.
 */
export class RecordDeviator {
  private brokenCount = 0;

  constructor(private readonly settings: DeviationSettings) {}

  /** True when every trip record changes (extra fields or loose types), not only the broken ones. */
  get changesEveryRecord(): boolean {
    return this.settings.extraFields || this.settings.looseTypes;
  }

  /** True for the share brokenRate of keys (trip ids, cache ids), the same keys for the same fault seed. */
  isBroken(key: string): boolean {
    const { brokenRate, faultSeed } = this.settings;
    return brokenRate > 0 && createRandom(`broken:${faultSeed}:${key}`).next() < brokenRate;
  }

  /** A RouteAI record; `breakable` lets brokenRate apply to it. */
  route(trip: Trip, breakable: boolean): unknown {
    return this.trip({ ...trip }, trip.id, ROUTE_AI_NAMES, breakable);
  }

  /** A full-listing record in either form. */
  listingRecord(record: FormARecord | FormBRecord): unknown {
    return this.trip({ ...record }, String(record.id), 'type' in record ? FORM_B_NAMES : FORM_A_NAMES, true);
  }

  /** A cities-near entry. */
  city(entry: NearbyCity): unknown {
    let out: JsonObject = this.settings.looseTypes ? loosen({ ...entry }) : { ...entry };
    if (this.settings.extraFields)
      out = {
        ...out,
        country: 'FR',
        served: true,
        _links: { search: { href: `/route/ai/search?depart=${encodeURIComponent(entry.name)}` } },
      };
    return this.isBroken(`city:${entry.name}`) ? this.next(BROKEN_CITIES)(out) : out;
  }

  /** A route id of the Paris–Marseille cache. */
  cacheId(id: string): unknown {
    if (this.isBroken(id)) return this.next(BROKEN_IDS);
    return this.settings.looseTypes ? Number(id) : id;
  }

  /** An envelope or other object: loose numbers, and these extra fields when extraFields is on. */
  object(object: JsonObject, extras: JsonObject): JsonObject {
    const out = this.settings.looseTypes ? loosen(object) : object;
    return this.settings.extraFields ? { ...out, ...extras } : out;
  }

  private trip(record: JsonObject, id: string, names: TripFieldNames, breakable: boolean): unknown {
    let out = this.settings.looseTypes ? loosen(record) : record;
    if (this.settings.extraFields)
      out = { ...out, operator: 'SYMONE', currency: 'EUR', _links: { book: { href: `${BOOK_URL}?route=${id}` } } };
    return breakable && this.isBroken(id) ? this.next(BROKEN_TRIPS)(out, names) : out;
  }

  private next<T>(kinds: readonly T[]): T {
    return kinds[this.brokenCount++ % kinds.length] as T;
  }
}
