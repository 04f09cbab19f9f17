import { UsageError } from '../errors.js';
import type { BookingRequest } from './fields.js';
import { effectiveRiders } from './fields.js';
import type { BookingLang } from './lang.js';

/** The two forms of the service: booking a scheduled trip, and asking a quote for any other route or date. */
export interface BookingForms {
  /** The booking form, for a scheduled trip (the service's is {@link DEFAULT_BOOKING_URL}); an http(s) URL. */
  bookingUrl: string;
  /** The quote form, for any other route or date (the service's is {@link DEFAULT_QUOTE_URL}); an http(s) URL. */
  quoteUrl: string;
}

/**
 * Names of the query parameters the form link carries. They are motoroute's own proposal, modelled on the API's
 * (`depart`, `arrival`, `date`), not something the service documents: the pre-fill is best effort, and a form that
 * does not know them simply ignores them and the user fills it in (FORM_PREFILL_NOTE says so to the user).
 */
export const FORM_PARAMETERS = {
  /** The departure city. */
  depart: 'depart',
  /** The arrival city. */
  arrival: 'arrival',
  /** The departure date, `YYYY-MM-DD`. */
  date: 'date',
  /** `rider` or `moto-only`. */
  formula: 'formula',
  /** Each motorcycle's make and model, the parameter repeated. */
  motorcycle: 'motorcycle',
  /** The number of motorcycles. */
  motorcycles: 'motorcycles',
  /** The number of riders (see {@link effectiveRiders}). */
  riders: 'riders',
  /** `one-way` or `round-trip`. */
  trip: 'trip',
  /** The return date of a round trip, `YYYY-MM-DD`. */
  returnDate: 'return_date',
  /** The customer's name. */
  name: 'name',
  /** The customer's e-mail address. */
  email: 'email',
  /** The customer's phone number. */
  phone: 'phone',
  /** The customer's comment. */
  comment: 'comment',
  /** The scheduled trip's id. */
  routeId: 'route_id',
  /** The chosen return trip's id. */
  returnRouteId: 'return_route_id',
} as const;

/** What the user is told beside a form link: the pre-filled fields are a proposal the form may ignore. */
export const FORM_PREFILL_NOTE: Readonly<Record<BookingLang, string>> = {
  en: 'The form may ignore the pre-filled fields (their names are motoroute\u2019s proposal, not the service\u2019s): check every field before sending.',
  fr: 'Le formulaire peut ignorer les champs préremplis (leurs noms sont une proposition de motoroute, pas du service)\u00a0: vérifiez chaque champ avant l\u2019envoi.',
};

/**
 * The form link for a request: the booking form for a scheduled trip, the quote form otherwise, pre-filled with
 * query parameters ({@link FORM_PARAMETERS}). Parameters already in the form's URL (like `tab=tab-devis`) are kept.
 * @throws UsageError when the chosen form's address is not an http(s) URL.
 * @example
 * ```ts
 * buildFormUrl(
 *   { from: 'Paris', to: 'Marseille', date: '2026-12-05', formula: 'rider', motorcycles: 1, scheduled: false },
 *   { bookingUrl: DEFAULT_BOOKING_URL, quoteUrl: DEFAULT_QUOTE_URL },
 * ); // 'https://symone.fr/moto?tab=tab-devis&depart=Paris&arrival=Marseille&date=2026-12-05&…'
 * ```
 */
export function buildFormUrl(request: BookingRequest, forms: BookingForms): string {
  const url = parseFormUrl(request.scheduled ? forms.bookingUrl : forms.quoteUrl);
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  };
  set(FORM_PARAMETERS.depart, request.from);
  set(FORM_PARAMETERS.arrival, request.to);
  set(FORM_PARAMETERS.date, request.date);
  set(FORM_PARAMETERS.formula, request.formula);
  for (const model of request.motorcycleModels ?? []) url.searchParams.append(FORM_PARAMETERS.motorcycle, model);
  set(FORM_PARAMETERS.motorcycles, request.motorcycles);
  set(FORM_PARAMETERS.riders, effectiveRiders(request));
  set(FORM_PARAMETERS.trip, request.returnDate ? 'round-trip' : 'one-way');
  set(FORM_PARAMETERS.returnDate, request.returnDate);
  set(FORM_PARAMETERS.returnRouteId, request.returnTrip?.routeId);
  set(FORM_PARAMETERS.name, request.name);
  set(FORM_PARAMETERS.email, request.email);
  set(FORM_PARAMETERS.phone, request.phone);
  set(FORM_PARAMETERS.comment, request.comment);
  set(FORM_PARAMETERS.routeId, request.routeId);
  return url.toString();
}

/** A form's address as a URL; a one-line UsageError when it is not an http(s) address. */
export function parseFormUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`"${text}" is not a URL; give bookingUrl and quoteUrl as http(s) addresses.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`"${text}" is not an http(s) URL; give bookingUrl and quoteUrl as http(s) addresses.`);
  }
  return url;
}
