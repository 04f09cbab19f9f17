import { frenchNumericDate } from '../domain/french-writing.js';
import type { BookingLang } from './lang.js';

/** The sentences of a request's problems, per language; `field` is the field as the face names it. */
export interface ProblemWords {
  control: (field: string, code: string, position: number, multiline: boolean) => string;
  sameCity: (from: string, to: string, city: string) => string;
  notADate: (field: string, value: string) => string;
  past: (field: string, value: string, today: string) => string;
  returnBefore: (returnField: string, returnDate: string, dateField: string, date: string) => string;
  email: (field: string, value: string) => string;
  phone: (field: string, value: string) => string;
  motorcycles: (field: string, max: number, value: number) => string;
  tooManyModels: (field: string, models: number, max: number) => string;
  moreModels: (field: string, models: number, countField: string, motorcycles: number) => string;
  riders: (field: string, max: number, value: number) => string;
  ridersMotoOnly: (field: string, riders: number, formula: string) => string;
  noRiders: (field: string, formula: string) => string;
  price: (field: string, value: number) => string;
  civility: (field: string, value: string) => string;
  referenceLength: (field: string, length: number, max: number) => string;
  /** Several problems on one line: their count, then each numbered (`(1) … (2) …`). */
  several: (count: number, numbered: string) => string;
}

/** The problems' sentences: English, and French for a French session (`--lang fr`). */
export const PROBLEM_WORDS: Readonly<Record<BookingLang, ProblemWords>> = {
  en: {
    control: (field, code, position, multiline) =>
      multiline
        ? `${field} contains a control character (${code} at position ${position}); write plain text (line breaks are kept).`
        : `${field} contains a line break or control character (${code} at position ${position}); write it as a single line of plain text.`,
    sameCity: (from, to, city) =>
      `${from} and ${to} are both "${city}"; the departure and arrival must be different cities.`,
    notADate: (field, value) => `${field}: "${value}" is not a date; use YYYY-MM-DD (a real calendar date).`,
    past: (field, value, today) =>
      `${field} ${value} is in the past (today is ${today}); choose today or a later date.`,
    returnBefore: (returnField, returnDate, dateField, date) =>
      `${returnField} ${returnDate} is before ${dateField} ${date}; the return must be on or after the departure.`,
    email: (field, value) => `${field}: "${value}" is not an e-mail address; write it like name@example.fr.`,
    phone: (field, value) =>
      `${field}: "${value}" is not a phone number; write it like 06 12 34 56 78 or +33 6 12 34 56 78.`,
    motorcycles: (field, max, value) =>
      `${field} must be a whole number from 1 to ${max} (got ${value}); for more, call the service.`,
    tooManyModels: (field, models, max) => `${field} names ${models} motorcycles; one request carries at most ${max}.`,
    moreModels: (field, models, countField, motorcycles) =>
      `${field} names ${models} motorcycles but ${countField} is ${motorcycles}; give one model per motorcycle at most.`,
    riders: (field, max, value) =>
      `${field} must be a whole number from 0 to ${max} (got ${value}); 0 means motorcycles only.`,
    ridersMotoOnly: (field, riders, formula) =>
      `${field} ${riders} contradicts ${formula} moto-only (motorcycles travel alone); use ${formula} rider or ${field} 0.`,
    noRiders: (field, formula) =>
      `${field} 0 means motorcycles only; use ${formula} moto-only, or give the number of riders.`,
    price: (field, value) => `${field} must be a price of 0 or more (got ${value}).`,
    civility: (field, value) => `${field}: "${value}" is no civility; give Mme or M. (or nothing).`,
    referenceLength: (field, length, max) =>
      `${field} is ${length} characters long; a reference in the subject has at most ${max}.`,
    several: (count, numbered) => `${count} problems: ${numbered}`,
  },
  fr: {
    control: (field, code, position, multiline) =>
      multiline
        ? `${field} contient un caractère de contrôle (${code} en position ${position})\u202f; écrivez du texte simple (les retours à la ligne sont gardés).`
        : `${field} contient un retour à la ligne ou un caractère de contrôle (${code} en position ${position})\u202f; écrivez-le sur une seule ligne.`,
    sameCity: (from, to, city) =>
      `${from} et ${to} sont tous deux «\u202f${city}\u202f»\u202f; le départ et l\u2019arrivée doivent être des villes différentes.`,
    notADate: (field, value) =>
      `${field}\u00a0: «\u202f${value}\u202f» n\u2019est pas une date\u202f; écrivez-la 07/12/2026, 7 déc. 2026 ou 2026-12-07.`,
    past: (field, value, today) =>
      `${field} ${frenchNumericDate(value)} est passée (nous sommes le ${frenchNumericDate(today)})\u202f; choisissez aujourd\u2019hui ou une date à venir.`,
    returnBefore: (returnField, returnDate, dateField, date) =>
      `${returnField} ${frenchNumericDate(returnDate)} précède ${dateField} ${frenchNumericDate(date)}\u202f; le retour doit avoir lieu le jour du départ ou après.`,
    email: (field, value) =>
      `${field}\u00a0: «\u202f${value}\u202f» n\u2019est pas une adresse e-mail\u202f; écrivez-la comme nom@exemple.fr.`,
    phone: (field, value) =>
      `${field}\u00a0: «\u202f${value}\u202f» n\u2019est pas un numéro de téléphone\u202f; écrivez-le comme 06 12 34 56 78 ou +33 6 12 34 56 78.`,
    motorcycles: (field, max, value) =>
      `${field} doit être un nombre entier de 1 à ${max} (reçu\u00a0: ${value})\u202f; au-delà, appelez le service.`,
    tooManyModels: (field, models, max) => `${field} nomme ${models} motos\u202f; une demande en porte au plus ${max}.`,
    moreModels: (field, models, countField, motorcycles) =>
      `${field} nomme ${models} motos mais ${countField} vaut ${motorcycles}\u202f; donnez au plus un modèle par moto.`,
    riders: (field, max, value) =>
      `${field} doit être un nombre entier de 0 à ${max} (reçu\u00a0: ${value})\u202f; 0 signifie les motos seules.`,
    ridersMotoOnly: (field, riders, formula) =>
      `${field} ${riders} contredit ${formula} «\u202fmoto seule\u202f» (les motos voyagent sans pilote)\u202f; écrivez ${formula} «\u202fmoto + pilote\u202f» ou ${field} 0.`,
    noRiders: (field, formula) =>
      `${field} 0 signifie les motos seules\u202f; écrivez ${formula} «\u202fmoto seule\u202f», ou donnez le nombre de pilotes.`,
    price: (field, value) => `${field} doit être un prix de 0 ou plus (reçu\u00a0: ${value}).`,
    civility: (field, value) =>
      `${field}\u00a0: «\u202f${value}\u202f» n\u2019est pas une civilité\u202f; écrivez Mme ou M. (ou rien).`,
    referenceLength: (field, length, max) =>
      `${field} compte ${length} caractères\u202f; une référence dans l\u2019objet en compte au plus ${max}.`,
    several: (count, numbered) => `${count}\u00a0problèmes\u00a0: ${numbered}`,
  },
};
