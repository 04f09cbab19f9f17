import type { BookingLang } from '../../booking/lang.js';
import { frenchNumericDate } from '../../domain/french-writing.js';
import type { NearbyCity } from '../../domain/types.js';

/** The prompts of `book`, in the e-mail's language (what is wrong with an answer: core/booking/prompt-problems.ts). */
export const PROMPT_WORDS = {
  en: {
    from: 'Departure city',
    to: 'Arrival city',
    date: 'Date (DD/MM/YYYY or YYYY-MM-DD, today, tomorrow or +3d)',
    formula: 'Formula',
    motorcycles: 'Number of motorcycles',
    model: (index: number, count: number) =>
      count === 1 ? 'Make and model of the motorcycle' : `Make and model of motorcycle ${index} of ${count}`,
    riders: 'Number of riders travelling',
    name: 'Your name',
    email: 'Your e-mail address',
    phone: 'Your phone number',
    customer: {
      name: 'Customer\u2019s name',
      email: 'Customer\u2019s e-mail address',
      phone: 'Customer\u2019s phone number',
    },
    skip: '(Enter to skip)',
    quoteAnyway: (city: string) =>
      `Ask for a quote for \u201c${city}\u201d anyway (not among the cities served right now)`,
    emptyCity: 'Type a city name.',
  },
  fr: {
    from: 'Ville de départ',
    to: 'Ville d\u2019arrivée',
    date: 'Date (JJ/MM/AAAA, aujourd\u2019hui, demain ou +3j)',
    formula: 'Formule',
    motorcycles: 'Nombre de motos',
    model: (index: number, count: number) =>
      count === 1 ? 'Marque et modèle de la moto' : `Marque et modèle de la moto ${index} sur ${count}`,
    riders: 'Nombre de pilotes du voyage',
    name: 'Votre nom',
    email: 'Votre adresse e-mail',
    phone: 'Votre numéro de téléphone',
    customer: { name: 'Nom du client', email: 'Adresse e-mail du client', phone: 'Numéro de téléphone du client' },
    skip: '(Entrée pour passer)',
    quoteAnyway: (city: string) =>
      `Demander quand même un devis pour \u00ab\u202f${city}\u202f\u00bb (ville non desservie en ce moment)`,
    emptyCity: 'Tapez un nom de ville.',
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What `book --from-file` says about a file of requests, in the session's language. */
export const FROM_FILE_WORDS = {
  en: {
    invalid: (source: string, count: number, total: number) =>
      `${source}: ${count} of ${total} requests are invalid, so nothing was written (--skip-invalid writes the others):`,
    row: (line: number) => `line ${line}:`,
    at: (source: string, line: number) => `${source} line ${line}:`,
    leftOut: 'Left out (--skip-invalid).',
    wrote: (count: number, folder: string) => `Wrote ${plural(count, 'draft')} to ${folder}.`,
    noneWritten: 'No draft was written.',
    renamed: (folder: string, names: string) =>
      `Another program wrote into ${folder} meanwhile; written under a new name: ${names}.`,
    oneRequestFlags: (flags: string) =>
      `--from-file gives every request in its rows; drop ${flags} (or leave out --from-file for one request).`,
    jsonOrOut: '--json prints the requests; --out writes drafts: give only one of them.',
    needsOut: '--from-file needs --out DIR (one .eml draft a row) or --json (one JSON document a line).',
    folder: (verb: 'read' | 'create' | 'write', path: string, code: string) =>
      `--out: cannot ${verb} ${path} (${code}).`,
    noSender:
      'The draft has no From: address (your mail client adds yours when you send it); set one with: motoroute config set from "Name <address>".',
  },
  fr: {
    invalid: (source: string, count: number, total: number) =>
      `${source}\u00a0: ${count} demande${count === 1 ? '' : 's'} sur ${total} ${count === 1 ? 'est invalide' : 'sont invalides'}, rien n\u2019a donc \u00e9t\u00e9 \u00e9crit (--skip-invalid \u00e9crit les autres)\u00a0:`,
    row: (line: number) => `ligne ${line}\u00a0:`,
    at: (source: string, line: number) => `${source}, ligne ${line}\u00a0:`,
    leftOut: 'Laiss\u00e9e de c\u00f4t\u00e9 (--skip-invalid).',
    wrote: (count: number, folder: string) =>
      `${plural(count, 'brouillon')} \u00e9crit${count === 1 ? '' : 's'} dans ${folder}.`,
    noneWritten: 'Aucun brouillon n\u2019a \u00e9t\u00e9 \u00e9crit.',
    renamed: (folder: string, names: string) =>
      `Un autre programme a \u00e9crit dans ${folder} entre-temps\u00a0; \u00e9crit sous un autre nom\u00a0: ${names}.`,
    oneRequestFlags: (flags: string) =>
      `--from-file donne chaque demande dans ses lignes\u202f; retirez ${flags} (ou laissez --from-file de côté pour une seule demande).`,
    jsonOrOut:
      '--json affiche les demandes\u202f; --out écrit les brouillons\u00a0: donnez l\u2019un des deux seulement.',
    needsOut: '--from-file demande --out DOSSIER (un brouillon .eml par ligne) ou --json (un document JSON par ligne).',
    folder: (verb: 'read' | 'create' | 'write', path: string, code: string) =>
      `--out\u00a0: impossible ${verb === 'read' ? 'de lire' : verb === 'create' ? 'de créer' : 'd\u2019écrire'} ${path} (${code}).`,
    noSender:
      'Le brouillon n\u2019a pas d\u2019exp\u00e9diteur (From:)\u00a0; votre messagerie met le v\u00f4tre \u00e0 l\u2019envoi. Pour en fixer un\u00a0: motoroute config set from "Nom <adresse>".',
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** The table shown before `book --from-file` writes its drafts, and its question. */
export const PREVIEW_WORDS = {
  en: {
    write: (count: number) => `${count} draft${count === 1 ? '' : 's'} to write:`,
    skip: (count: number) => `${count} row${count === 1 ? '' : 's'} left out:`,
    more: (count: number) => `\u2026 and ${count} more`,
    header: ['line', 'date', 'trip', 'customer', 'draft'],
    date: (iso: string) => iso,
    ask: (count: number, folder: string) => `Write ${count} draft${count === 1 ? '' : 's'} to ${folder}?`,
  },
  fr: {
    write: (count: number) => `${count} brouillon${count === 1 ? '' : 's'} \u00e0 \u00e9crire\u00a0:`,
    skip: (count: number) =>
      `${count} ligne${count === 1 ? '' : 's'} laiss\u00e9e${count === 1 ? '' : 's'} de c\u00f4t\u00e9\u00a0:`,
    more: (count: number) => `\u2026 et ${count} de plus`,
    header: ['ligne', 'date', 'trajet', 'client', 'brouillon'],
    date: frenchNumericDate,
    ask: (count: number, folder: string) =>
      `\u00c9crire ${count} brouillon${count === 1 ? '' : 's'} dans ${folder}\u202f?`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** What `book --from-file` warns of beside the use case's own reasons, in the session's language. */
export const FROM_FILE_REASONS = {
  en: {
    citiesUnread: (source: string) =>
      `${source}: could not read the cities the service serves; the cities are written as typed.`,
    servedNearby: (near: readonly NearbyCity[]) =>
      near.length === 0
        ? ''
        : ` Served nearby: ${near.map((city) => `${city.name} (${Math.round(city.distance_km)} km)`).join(', ')}.`,
  },
  fr: {
    citiesUnread: (source: string) =>
      `${source}\u00a0: impossible de lire les villes desservies\u00a0; les villes sont reprises telles que saisies.`,
    servedNearby: (near: readonly NearbyCity[]) =>
      near.length === 0
        ? ''
        : ` Desservies \u00e0 proximit\u00e9\u00a0: ${near.map((city) => `${city.name} (${Math.round(city.distance_km)}\u00a0km)`).join(', ')}.`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;
