import { UsageError } from '../errors.js';
import type { BookingRequest } from './fields.js';
import { effectiveRiders } from './fields.js';
import type { BookingLang } from './lang.js';

/** The two forms of the service: booking a scheduled trip, and asking a quote for any other route or date. */
export interface BookingForms {
  bookingUrl: string;
  quoteUrl: string;
}

/**
 * Names of the query parameters the form link carries. They are motoroute's own proposal, modelled on the API's
 * (`depart`, `arrival`, `date`), not something the service documents: the pre-fill is best effort, and a form that
 * does not know them simply ignores them and the user fills it in (FORM_PREFILL_NOTE says so to the user).
 */
export const FORM_PARAMETERS = {
  depart: 'depart',
  arrival: 'arrival',
  date: 'date',
  formula: 'formula',
  motorcycle: 'motorcycle',
  motorcycles: 'motorcycles',
  riders: 'riders',
  trip: 'trip',
  returnDate: 'return_date',
  name: 'name',
  email: 'email',
  phone: 'phone',
  comment: 'comment',
  routeId: 'route_id',
  returnRouteId: 'return_route_id',
} as const;

/** What the user is told beside a form link: the pre-filled fields are a proposal the form may ignore. */
export const FORM_PREFILL_NOTE: Readonly<Record<BookingLang, string>> = {
  en: 'The form may ignore the pre-filled fields (their names are motoroute\u2019s proposal, not the service\u2019s): check every field before sending.',
  fr: 'Le formulaire peut ignorer les champs pré-remplis (leurs noms sont une proposition de motoroute, pas du service)\u202f: vérifiez chaque champ avant l\u2019envoi.',
};

/**
 * The form link for a request: the booking form for a scheduled trip, the quote form otherwise, pre-filled with
 * query parameters (FORM_PARAMETERS). Parameters already in the form's URL (like `tab=tab-devis`) are kept.
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

function parseFormUrl(text: string): URL {
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
