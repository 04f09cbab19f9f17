import { MAX_MOTORCYCLES } from '../../booking/fields.js';
import { parseFormula } from '../../booking/formula.js';
import { VOICES } from '../../booking/voice.js';
import { parseTextEncoding } from '../../domain/file-text.js';
import { choice, city, date, flag, integer, keepingProblem, repeatable, text } from '../options.js';

/** The options of `book`: the request's fields (their problems listed together), then what to print or open. */
export const BOOK_OPTIONS = {
  from: keepingProblem(city('--from <city>', 'departure city (written as the service spells it)')),
  to: keepingProblem(city('--to <city>', 'arrival city')),
  date: keepingProblem(
    date(
      '--date <date>',
      'date: YYYY-MM-DD or DD/MM/YYYY (day first), today, tomorrow or +Nd (aujourd\u2019hui, demain, +Nj)',
    ),
  ),
  formula: keepingProblem(
    text('--formula <formula>', 'rider (motorcycle with its rider) or moto-only (motorcycle alone)', {
      parse: (value, option, at) => parseFormula(value, option, at.lang),
      invalidSample: 'sidecar',
    }),
  ),
  motorcycle: keepingProblem(
    repeatable(
      text('--motorcycle <make-model>', 'make and model of one motorcycle ("Honda CB500F"); repeat it for each'),
    ),
  ),
  make: keepingProblem(text('--make <make>', 'make of a single motorcycle (with --model); --motorcycle for several')),
  model: keepingProblem(text('--model <model>', 'model of a single motorcycle (with --make)')),
  motorcycles: keepingProblem(
    integer(
      '--motorcycles <n>',
      `number of motorcycles, 1 to ${MAX_MOTORCYCLES} (default: 1, or one per --motorcycle)`,
      { min: 1, max: MAX_MOTORCYCLES },
    ),
  ),
  riders: keepingProblem(
    integer('--riders <n>', 'number of riders travelling (default: one per motorcycle with rider, 0 with moto-only)', {
      min: 0,
      max: MAX_MOTORCYCLES,
    }),
  ),
  return: keepingProblem(date('--return <date>', 'return date, for a round trip')),
  returnTrip: keepingProblem(
    text(
      '--return-trip <route_id>',
      'the chosen return trip, by its id (motoroute search TO FROM): sets the return date and names the trip',
      // Its grammar is checked with the other fields (draft.ts), in the session's language.
      { parse: (value) => value.trim(), invalidSample: 'a b' },
    ),
  ),
  name: keepingProblem(text('--name <name>', 'your name')),
  email: keepingProblem(text('--email <address>', 'your e-mail address')),
  phone: keepingProblem(text('--phone <number>', 'your phone number')),
  comment: keepingProblem(text('--comment <text>', 'a free comment for the service')),
  civility: text(
    '--civility <title>',
    'how the e-mail titles the customer: Mme or M. (Madame, Monsieur, Mrs, Mr…); neutral wording without',
  ),
  reference: text(
    '--reference <text>',
    'the customer\u2019s reference (a desk\u2019s file number): the subject carries it, so two requests on one trip differ',
  ),
  cc: keepingProblem(
    text('--cc <address>', 'a copy of the .eml draft to this address (the customer, say)', {
      // Checked with the other fields (run.ts), in the session's language.
      parse: (value) => value.trim(),
      invalidSample: 'not-an-address',
    }),
  ),
  voice: choice(
    '--voice <voice>',
    'who the e-mail speaks as: customer (the customer asks), or desk (your desk asks on the customer\u2019s behalf and signs); default: the voice setting',
    VOICES,
  ),
  template: text(
    '--template <file>',
    'render the e-mail body from a Mustache template (fields: see README, "Booking templates")',
  ),
  fromFile: text(
    '--from-file <file>',
    'a day\u2019s requests: CSV with a header line, or NDJSON, - for stdin; one request a row (columns: see README)',
  ),
  encoding: text(
    '--encoding <name>',
    'with --from-file: the text file\u2019s encoding (utf-8, utf-16le, utf-16be, windows-1252); by default read from its BOM, else UTF-8, else Windows-1252',
    {
      parse: (value, option, at) => parseTextEncoding(value, option, at.lang),
      invalidSample: 'ebcdic',
    },
  ),
  out: text('--out <dir>', 'with --from-file: the folder to write one .eml draft a row into'),
  yes: flag(
    '--yes',
    'with --from-file: write the drafts without showing them first and asking (never asked off a terminal)',
  ),
  skipInvalid: flag(
    '--skip-invalid',
    'with --from-file: leave out invalid rows (each warned about) instead of writing nothing',
  ),
  force: flag(
    '--force',
    'compose the request even when the trip has too few free places or has already left; replace an existing --eml FILE',
  ),
  mailto: flag('--mailto', 'print only the mailto: link'),
  form: flag('--form', 'print only the form link (its pre-fill is best effort: the form may ignore it)'),
  text: flag('--text', 'print only the e-mail (To, Subject, Body)'),
  copy: flag(
    '--copy',
    'also copy the e-mail text (the link with --mailto or --form) to the clipboard; OSC 52 through the terminal when no clipboard program runs',
  ),
  eml: text(
    '--eml <file>',
    'write an editable e-mail draft (.eml, opened as unsent by Outlook, Thunderbird, Apple Mail); - for stdout',
  ),
  open: choice(
    '--open [target]',
    'open the e-mail in the mail client, or the form with --open form',
    ['mailto', 'form'],
    {
      bare: 'mailto',
      hint: {
        en: 'A route id goes before --open: motoroute book ROUTE_ID --open.',
        fr: 'Un identifiant de trajet se place avant --open\u00a0: motoroute book ROUTE_ID --open.',
      },
    },
  ),
};
