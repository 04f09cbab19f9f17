import type { BookingFieldName, BookingRequest, BookingRequestDraft } from '../../booking/fields.js';
import type { Civility } from '../../booking/civility.js';
import type { BookingLang } from '../../booking/lang.js';
import type { BookingDestinations, BookingOutput } from '../../booking/request-output.js';
import type { Trip } from '../../domain/types.js';
import type { ServedCities } from '../cities.js';
import type { Core } from '../core.js';
import type { FieldAsker } from './field-questions.js';

/** What a face collected for one request. */
export interface BookingInput {
  /** The trip, by id: it fills in cities, date, schedule and price. Without it, the request asks a quote. */
  routeId?: string;
  /**
   * The request's fields: with a route id, `from` and `to` name the stops where the traveller boards and leaves (a
   * stopover too); without, the cities of the quote. Date, formula, motorcycles, riders, return date, contact, comment.
   */
  fields: BookingRequestDraft;
  /** How the customer is addressed, when someone said so: the e-mail titles the name with it, neutral without. */
  civility?: Civility;
  /** The customer's own reference for the request (`D-1234`, a desk's file number): the subject carries it. */
  reference?: string;
  /**
   * The quote's cities the user confirmed as typed (chosen at a prompt as "ask for a quote anyway"): spelled the
   * service's way when served, never corrected otherwise.
   */
  confirmedCities?: readonly QuoteCity[];
  /** The chosen return trip, by id: it must go back from the arrival to the departure, and sets the return date. */
  returnTripId?: string;
  /** Values the face could not read (a flag's bad value), listed with the fields' own problems. */
  unreadable?: readonly string[];
  /** The e-mail's language. */
  lang: BookingLang;
  /**
   * The language of the refusals and warnings the face shows (its display language, `--lang`); English unless told.
   * Not the e-mail's: a session in English may write a French e-mail.
   */
  messagesLang?: BookingLang;
}

/** A quote's city field: where the traveller leaves from, or goes to. */
export type QuoteCity = 'from' | 'to';

/** What the settings decide: where the request goes and how it is signed, whether a full or departed trip is overridden. */
export interface BookingSettings {
  destinations: BookingDestinations;
  /** Compose even when the trip has too few free places or has left (`book --force`). */
  force?: boolean;
  /** How this face names a field in its messages: `--motorcycles` on the command line, `motorcycles` in MCP. */
  fieldName: BookingFieldName;
}

/** What the use case needs of its surroundings. */
export interface BookingDeps {
  core: Core;
  signal?: AbortSignal;
  /** The served cities, when the face reads them itself (once for a file of requests); undefined: unreadable. */
  servedCities?: () => Promise<ServedCities | undefined>;
  /**
   * How the face asks for the required fields still missing (the CLI's prompts: `field-questions.ts`), made when first
   * needed; the use case asks, once the trip or the cities are known. Without it, a missing field is a refusal.
   */
  asker?: () => Promise<FieldAsker>;
}

/** Why a request is refused; each kind has its own exit code and its own advice, worded by the face. */
export type BookingRefusal =
  /** Values that are wrong: a bad date or count, FROM = TO, a past date, stops not on the trip, riders against formula. */
  | { kind: 'invalid'; reasons: string[] }
  /** Required fields nobody gave (named as the face names them). */
  | { kind: 'missing'; reasons: string[]; fields: string[] }
  /** No upcoming trip has this id (exit 4). */
  | { kind: 'no-trip'; reasons: string[]; id: string }
  /** The trip has left (its day, or its boarding time today); `--force` composes anyway. */
  | { kind: 'departed'; reasons: string[]; trip: Trip }
  /** The trip cannot take the request: too few free places on the legs ridden (`places`), or it has left. */
  | { kind: 'trip-check'; reasons: string[]; trip: Trip; places: boolean; from: string; to: string }
  /** The return trip does not go back, or disagrees with the return date; `back` is the way a return trip would go. */
  | { kind: 'return-trip'; reasons: string[]; back?: { from: string; to: string } };

/** Something the face should pass on, though the request was drafted. */
export type BookingWarning =
  | { kind: 'cities-unread' | 'forced' | 'no-contact'; text: string }
  /** A quote's city not served as typed, read as the one served city it clearly stands for (`name`). */
  | { kind: 'city-corrected'; text: string; typed: string; name: string }
  /** A real place the service does not serve, kept as typed for a quote; `near`: served cities near it. */
  | { kind: 'city-unserved'; text: string; typed: string; near: readonly string[] }
  /** A city not served that the service could not be asked about: kept as typed. */
  | { kind: 'city-unchecked'; text: string; typed: string };

/** The drafts of a checked request: the e-mail, its `mailto:` link and the form link (an `.eml` is the face's extra). */
export type BookingDrafts = BookingOutput;

/** The one result of drafting a booking. */
export type BookingResult =
  | { ok: true; request: BookingRequest; drafts: BookingDrafts; warnings: BookingWarning[]; trip?: Trip }
  | { ok: false; refusal: BookingRefusal; warnings: BookingWarning[] };
