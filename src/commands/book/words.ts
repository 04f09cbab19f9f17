import type { BookingLang } from '../../booking/lang.js';
import { frenchClock, frenchNumericDate } from '../../domain/french-writing.js';
import { formatNumber } from '../../domain/numbers.js';
import type { Trip } from '../../domain/types.js';
import { fullestLegPlaces } from '../../booking/schedule.js';

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
    keys: { navigate: 'navigate', select: 'select' },
    quoteAnyway: (city: string) =>
      `Ask for a quote for \u201c${city}\u201d anyway (not among the cities served right now)`,
    emptyCity: 'Type a city name.',
    trip: (count: number) => `${count === 1 ? 'One trip leaves' : `${count} trips leave`} that day: choose one`,
    tripChoice: (trip: Trip) =>
      `${trip.times[0] ? `${trip.times[0]} ` : ''}${trip.depart} \u2192 ${trip.arrival} \u00b7 trip ${trip.id}${freePlaces(trip, 'free place', 'free places')}`,
    quoteForDay: 'None of them: ask for a quote for this day',
    daySearchFailed: 'The trips of that day could not be searched: the request goes on as a quote for this day.',
    noTripFits: (trips: number, motorcycles: number) =>
      `${trips === 1 ? 'The one trip of that day has' : `None of the ${trips} trips of that day has`} room for ${motorcycles === 1 ? '1 motorcycle' : `${motorcycles} motorcycles`}: the request goes on as a quote for this day.`,
    returnDate: 'Return date, for a round trip',
    comment: 'A comment for the service',
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
    keys: { navigate: 'naviguer', select: 'choisir' },
    quoteAnyway: (city: string) =>
      `Demander quand même un devis pour \u00ab\u202f${city}\u202f\u00bb (ville non desservie en ce moment)`,
    emptyCity: 'Tapez un nom de ville.',
    trip: (count: number) =>
      `${count === 1 ? 'Un trajet part' : `${count} trajets partent`} ce jour-l\u00e0\u00a0: choisissez`,
    tripChoice: (trip: Trip) =>
      `${trip.times[0] ? `${frenchClock(trip.times[0])} ` : ''}${trip.depart} \u2192 ${trip.arrival} \u00b7 trajet ${trip.id}${freePlaces(trip, 'place libre', 'places libres')}`,
    quoteForDay: 'Aucun\u00a0: demander un devis pour ce jour',
    daySearchFailed:
      'Les trajets de ce jour n\u2019ont pas pu être cherchés\u00a0: la demande continue comme un devis pour ce jour.',
    noTripFits: (trips: number, motorcycles: number) =>
      `${trips === 1 ? 'Le seul trajet de ce jour n\u2019a pas' : `Aucun des ${trips} trajets de ce jour n\u2019a`} de place pour ${motorcycles === 1 ? '1\u00a0moto' : `${motorcycles}\u00a0motos`}\u00a0: la demande continue comme un devis pour ce jour.`,
    returnDate: 'Date de retour, pour un aller-retour',
    comment: 'Un commentaire pour le service',
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** ` · 3 free places` on the legs a trip (the part ridden) has, or nothing when it says none. */
function freePlaces(trip: Trip, one: string, many: string): string {
  const places = fullestLegPlaces(trip);
  return places === undefined ? '' : ` \u00b7 ${places} ${places === 1 ? one : many}`;
}

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
    noSender: (drafts: number) =>
      `${drafts === 1 ? 'The draft has' : 'The drafts have'} no From: address (your mail client adds yours when you send ${drafts === 1 ? 'it' : 'them'}); set one with: motoroute config set from "Name <address>".`,
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
    noSender: (drafts: number) =>
      `${drafts === 1 ? 'Le brouillon n\u2019a' : 'Les brouillons n\u2019ont'} pas d\u2019exp\u00e9diteur (From:)\u202f; votre messagerie met le v\u00f4tre \u00e0 l\u2019envoi. Pour en fixer un\u00a0: motoroute config set from "Nom <adresse>".`,
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
    /** The answers the question takes (inquirer's confirm shows their first letters: `(Y/n)`). */
    answers: { yes: 'Yes', no: 'No', error: () => 'You must answer with "Yes" or "No"' },
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
    answers: {
      yes: 'Oui',
      no: 'Non',
      error: () =>
        'R\u00e9pondez \u00ab\u202fOui\u202f\u00bb ou \u00ab\u202fNon\u202f\u00bb (ou Entr\u00e9e pour oui).',
    },
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** What `book --from-file` warns of beside the use case's own reasons, in the session's language. */
export const FROM_FILE_REASONS = {
  en: {
    citiesUnread: (source: string) =>
      `${source}: could not read the cities the service serves; the cities are written as typed.`,
  },
  fr: {
    citiesUnread: (source: string) =>
      `${source}\u00a0: impossible de lire les villes desservies\u00a0; les villes sont reprises telles que saisies.`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** What `book` says about one request (its flags, its draft file, what it opened or copied), in the session's language. */
export const BOOK_WORDS = {
  en: {
    routeIdHint: 'Use the id column of motoroute search (e.g. motoroute book 100042).',
    badReturnTrip: (problem: string) => `--return-trip: ${problem} Use the id column of motoroute search TO FROM.`,
    notAddress: (option: string, value: string) =>
      `${option}: "${value}" is not an e-mail address; write it like name@example.fr.`,
    makeAndMotorcycle:
      '--make/--model and --motorcycle both describe the motorcycles; give --motorcycle "MAKE MODEL" for every motorcycle instead.',
    onePart: (chosen: readonly string[]) => `${chosen.join(' and ')} each choose what to print; give only one of them.`,
    wholeWith: (whole: string, part: string) =>
      `${whole} prints ${whole === '--json' ? 'every part of the request as one document' : 'a summary of the whole request'}; it cannot be combined with ${part}.`,
    emlNeedsName: '--eml needs a file name, or - for stdout.',
    emlStdoutOpen: '--eml - writes the draft to stdout, where nothing can open it; give a file name to open it.',
    copyWith: (other: string) =>
      `--copy copies the e-mail text or a link as printed; it cannot be combined with ${other}.`,
    fromFileOnly: '--out, --skip-invalid, --yes and --encoding go with --from-file FILE.',
    ccNeedsEml: '--cc goes into the .eml draft (the mailto: link and the form have no copy); add --eml FILE.',
    emlExists: (file: string) => `--eml: ${file} exists already; give another file name, or add --force to replace it.`,
    emlSymlink: (file: string) => `--eml: ${file} is a symbolic link; give the path of a file, not of a link.`,
    emlNotFile: (file: string) => `--eml: ${file} is not a file; give a file name, or - for stdout.`,
    emlUnwritable: (file: string, code: string) =>
      `--eml: cannot write ${file} (${code}); give a writable path, or - for stdout.`,
    emlWritten: (file: string) =>
      `Wrote the draft to ${file}: open it in your mail client (Outlook, Thunderbird, Apple Mail) to check and send it.`,
    notRows: (format: string, from: string | undefined) =>
      `book prints an e-mail, not rows: --format ${format}${from ? ` (from the ${from})` : ''} cannot be honoured; use --json for one JSON document, --format markdown for a summary, or --format table for the text.`,
    noFields:
      'book prints the whole request: --fields cannot be honoured; use --json and pick fields from the document.',
    giveMissing: (count: number) =>
      `Give ${count === 1 ? 'it' : 'them'} as flags (e.g. --from Paris --to Marseille --date 2026-12-05 --formula rider), or run in a terminal to be asked.`,
    findIds: 'Find ids with: motoroute search FROM TO, or leave out ROUTE_ID to ask a quote.',
    otherTrip: (search: string, fewer: boolean) =>
      `Choose another trip (${search}), ${fewer ? 'ask for fewer motorcycles, ' : ''}or add --force to compose the request anyway.`,
    findReturn: (search: string) => `Find one with: ${search}.`,
    pickedAnother: 'Run motoroute book again and choose another trip of that day, or a quote for this day.',
    forced: (text: string) => `${text} Composed anyway (--force).`,
    unsigned:
      '--voice desk signs with the signature setting, which is not set: the e-mail ends unsigned; set it with: motoroute config set signature "Jeanne Dupont\\nAgence Motos".',
    interruptedAsking: 'Interrupted: nothing was composed.',
    interruptedDrafts: 'Interrupted: no draft was written.',
    templateUnread: (file: string, reason: string) =>
      `--template: cannot read ${file} (${reason}); give a Mustache template file (see \u201cBooking templates\u201d in README).`,
    templateUnknown: (file: string, fields: string) =>
      `--template ${file} uses ${fields}, which no field fills (they print empty); see \u201cBooking templates\u201d in README.`,
    longLink: (length: number, safe: number, asked: boolean) =>
      `the mailto: link is ${formatNumber(length, 'en')} characters long; many mail clients cut or refuse links past about ${formatNumber(safe, 'en')}. ${asked ? 'It is printed anyway; ' : ''}use --eml FILE for a draft your mail client opens, or the form link.`,
    longLinkDraft: (length: number, file: string) =>
      `The mailto: link would be ${formatNumber(length, 'en')} characters, more than many mail clients accept; opening a draft instead: ${file}`,
    opened: (what: Opened) => `Opened the ${what} (${what === 'form' ? 'browser' : 'mail client'}).`,
    openedName: (what: Opened) => `the ${what}`,
    copiedName: (what: Copied) => COPIED_EN[what],
  },
  fr: {
    routeIdHint: 'Prenez la colonne id de motoroute search (par exemple motoroute book 100042).',
    badReturnTrip: (problem: string) =>
      `--return-trip\u00a0: ${problem} Prenez la colonne id de motoroute search ARRIV\u00c9E D\u00c9PART.`,
    notAddress: (option: string, value: string) =>
      `${option}\u00a0: \u00ab\u202f${value}\u202f\u00bb n\u2019est pas une adresse e-mail\u202f; \u00e9crivez-la comme nom@example.fr.`,
    makeAndMotorcycle:
      '--make/--model et --motorcycle d\u00e9crivent tous deux les motos\u202f; donnez plut\u00f4t --motorcycle "MARQUE MOD\u00c8LE" pour chaque moto.',
    onePart: (chosen: readonly string[]) =>
      `${chosen.join(' et ')} choisissent chacun ce qui est affich\u00e9\u202f; n\u2019en donnez qu\u2019un.`,
    wholeWith: (whole: string, part: string) =>
      `${whole} affiche ${whole === '--json' ? 'toute la demande en un seul document' : 'un r\u00e9sum\u00e9 de toute la demande'}\u202f; il ne va pas avec ${part}.`,
    emlNeedsName: '--eml demande un nom de fichier, ou - pour la sortie standard.',
    emlStdoutOpen:
      '--eml - \u00e9crit le brouillon sur la sortie standard, o\u00f9 rien ne peut l\u2019ouvrir\u202f; donnez un nom de fichier pour l\u2019ouvrir.',
    copyWith: (other: string) =>
      `--copy copie le texte de l\u2019e-mail ou un lien tel qu\u2019affich\u00e9\u202f; il ne va pas avec ${other}.`,
    fromFileOnly: '--out, --skip-invalid, --yes et --encoding vont avec --from-file FICHIER.',
    ccNeedsEml:
      '--cc va dans le brouillon .eml (le lien mailto: et le formulaire n\u2019ont pas de copie)\u202f; ajoutez --eml FICHIER.',
    emlExists: (file: string) =>
      `--eml\u00a0: ${file} existe d\u00e9j\u00e0\u202f; donnez un autre nom de fichier, ou ajoutez --force pour le remplacer.`,
    emlSymlink: (file: string) =>
      `--eml\u00a0: ${file} est un lien symbolique\u202f; donnez le chemin d\u2019un fichier, pas d\u2019un lien.`,
    emlNotFile: (file: string) =>
      `--eml\u00a0: ${file} n\u2019est pas un fichier\u202f; donnez un nom de fichier, ou - pour la sortie standard.`,
    emlUnwritable: (file: string, code: string) =>
      `--eml\u00a0: impossible d\u2019\u00e9crire ${file} (${code})\u202f; donnez un chemin o\u00f9 \u00e9crire, ou - pour la sortie standard.`,
    emlWritten: (file: string) =>
      `Brouillon \u00e9crit dans ${file}\u00a0: ouvrez-le dans votre messagerie (Outlook, Thunderbird, Apple Mail) pour le relire et l\u2019envoyer.`,
    notRows: (format: string, from: string | undefined) =>
      `book affiche un e-mail, pas des lignes\u00a0: --format ${format}${from ? ` (venu de ${from === 'environment' ? 'l\u2019environnement' : from === 'config file' ? 'la configuration' : from})` : ''} n\u2019est pas possible\u202f; prenez --json pour un document JSON, --format markdown pour un r\u00e9sum\u00e9, ou --format table pour le texte.`,
    noFields:
      'book affiche toute la demande\u00a0: --fields n\u2019est pas possible\u202f; prenez --json et choisissez les champs dans le document.',
    giveMissing: (count: number) =>
      `Donnez-${count === 1 ? 'le' : 'les'} en options (par exemple --from Paris --to Marseille --date 05/12/2026 --formula rider), ou lancez la commande dans un terminal pour qu\u2019elle vous les demande.`,
    findIds:
      'Trouvez les identifiants avec\u00a0: motoroute search D\u00c9PART ARRIV\u00c9E, ou laissez ROUTE_ID de c\u00f4t\u00e9 pour demander un devis.',
    otherTrip: (search: string, fewer: boolean) =>
      `Choisissez un autre trajet (${search}), ${fewer ? 'demandez moins de motos, ' : ''}ou ajoutez --force pour r\u00e9diger la demande quand m\u00eame.`,
    findReturn: (search: string) => `Trouvez-en un avec\u00a0: ${search}.`,
    pickedAnother: 'Relancez motoroute book et choisissez un autre trajet de ce jour, ou un devis pour ce jour.',
    forced: (text: string) => `${text} R\u00e9dig\u00e9e quand m\u00eame (--force).`,
    unsigned:
      '--voice desk signe avec le r\u00e9glage signature, qui n\u2019est pas fix\u00e9\u00a0: l\u2019e-mail finit sans signature\u202f; fixez-la avec\u00a0: motoroute config set signature "Jeanne Dupont\\nAgence Motos".',
    interruptedAsking: 'Interrompu\u00a0: rien n\u2019a \u00e9t\u00e9 r\u00e9dig\u00e9.',
    interruptedDrafts: 'Interrompu\u00a0: aucun brouillon n\u2019a \u00e9t\u00e9 \u00e9crit.',
    templateUnread: (file: string, reason: string) =>
      `--template\u00a0: impossible de lire ${file} (${reason})\u202f; donnez un mod\u00e8le Mustache (voir \u00ab\u202fBooking templates\u202f\u00bb dans le README).`,
    templateUnknown: (file: string, fields: string) =>
      `--template ${file} emploie ${fields}, qu\u2019aucun champ ne remplit (ils restent vides)\u202f; voir \u00ab\u202fBooking templates\u202f\u00bb dans le README.`,
    longLink: (length: number, safe: number, asked: boolean) =>
      `le lien mailto: fait ${formatNumber(length, 'fr')} caract\u00e8res\u202f; beaucoup de messageries coupent ou refusent les liens au-del\u00e0 d\u2019environ ${formatNumber(safe, 'fr')}. ${asked ? 'Il est affich\u00e9 quand m\u00eame\u202f; ' : ''}prenez --eml FICHIER pour un brouillon que votre messagerie ouvre, ou le lien du formulaire.`,
    longLinkDraft: (length: number, file: string) =>
      `Le lien mailto: ferait ${formatNumber(length, 'fr')} caract\u00e8res, plus que beaucoup de messageries n\u2019en acceptent\u202f; ouverture d\u2019un brouillon \u00e0 la place\u00a0: ${file}`,
    opened: (what: Opened) => `${OPENED_FR[what]} (${what === 'form' ? 'navigateur' : 'messagerie'}).`,
    openedName: (what: Opened) => NAMED_FR[what],
    copiedName: (what: Copied) => COPIED_FR[what],
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** What `--open` opened. */
export type Opened = 'e-mail' | 'form' | 'draft';
/** What `--copy` copied. */
export type Copied = 'mailto' | 'form' | 'e-mail';

const COPIED_EN: Record<Copied, string> = { mailto: 'the mailto: link', form: 'the form link', 'e-mail': 'the e-mail' };
const COPIED_FR: Record<Copied, string> = {
  mailto: 'le lien mailto:',
  form: 'le lien du formulaire',
  'e-mail': 'l\u2019e-mail',
};
const OPENED_FR: Record<Opened, string> = {
  'e-mail': 'E-mail ouvert',
  form: 'Formulaire ouvert',
  draft: 'Brouillon ouvert',
};
const NAMED_FR: Record<Opened, string> = { 'e-mail': 'l\u2019e-mail', form: 'le formulaire', draft: 'le brouillon' };
