import { defineCommand } from './define.js';
import { BOOK_OPTIONS } from './book/options.js';

/** `motoroute book`: composes a booking (or quote) request as an e-mail, a mailto: link and a pre-filled form link. */
export const bookCommand = defineCommand({
  name: 'book',
  summary: 'compose a booking or quote request: the e-mail, its mailto: link and the form link',
  args: ['[route_id]'],
  options: BOOK_OPTIONS,
  examples: [
    'motoroute book 100042 --formula rider --name "Jeanne Dupont"',
    'motoroute book --from Paris --to Marseille --date 2026-12-05 --formula moto-only --motorcycle "Honda CB500F" --motorcycle "Yamaha MT-07"',
    'motoroute book --from Lyon --to Nice --date +10d --formula rider --return +17d --mailto',
    'motoroute book 100042 --formula rider --json',
    'motoroute book --from-file demandes.xlsx --out brouillons/ --voice desk',
  ],
  details: [
    'ROUTE_ID (the id column of search) pre-fills the cities, the date, the times, the stopovers and the listed price,',
    'and links the booking form; a trip with fewer free places than motorcycles, or that has already left, is refused',
    '(exit 2) unless --force. Without ROUTE_ID the request is a quote and links the quote form; the cities are written',
    'as the service spells them, and one it does not serve is warned about (settings booking-email, booking-url,',
    'quote-url). Missing required fields (--from, --to, --date, --formula) are asked for in a terminal, then the',
    'motorcycles, riders and contact (Enter skips); otherwise they are listed in the error (exit 2) before any request.',
    'The e-mail is written in --lang (or the lang setting), else in English under an English locale, else in French;',
    'settings greeting and signature personalise it, and --voice desk (the voice setting) writes it as a support desk asking',
    "on its customer's behalf. --from-file reads CSV as offices save it (, ; or tab; UTF-8, UTF-16 or Windows-1252), .xlsx",
    'and .ods, dates as JJ/MM/AAAA or YYYY-MM-DD, and on a terminal shows the drafts it will write and asks once (--yes does not).',
    "The form link pre-fill is best effort: its parameter names are motoroute's proposal and the form may ignore them.",
    'motoroute never sends the e-mail or the form: you do.',
    'MOTOROUTE_NO_OPEN=1 makes --open print "would open: LINK" instead of starting a program; a failed --open exits 1.',
  ].join('\n'),
  async run({ args, options }, ctx) {
    const { runBook } = await import('./book/run.js');
    return runBook(args, options, ctx);
  },
});
