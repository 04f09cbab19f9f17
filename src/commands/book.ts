import { defineCommand } from './define.js';

/** `motoroute book`: composes a booking (or quote) request as an e-mail, a mailto: link and a pre-filled form link. */
export const bookCommand = defineCommand({
  name: 'book',
  summary: 'compose a booking or quote request: the e-mail, its mailto: link and the form link',
  args: ['[route_id]'],
  options: [
    { flags: '--from <city>', description: 'departure city' },
    { flags: '--to <city>', description: 'arrival city' },
    { flags: '--date <date>', description: 'wished date: YYYY-MM-DD, today, tomorrow or +Nd' },
    { flags: '--formula <formula>', description: 'rider (motorcycle with its rider) or moto-only (motorcycle alone)' },
    { flags: '--make <make>', description: 'motorcycle make' },
    { flags: '--model <model>', description: 'motorcycle model' },
    { flags: '--motorcycles <n>', description: 'number of motorcycles (default 1)' },
    { flags: '--riders <n>', description: 'number of riders travelling (default: one per motorcycle with rider, 0 with moto-only)' },
    { flags: '--return <date>', description: 'return date, for a round trip' },
    { flags: '--name <name>', description: 'your name' },
    { flags: '--email <address>', description: 'your e-mail address' },
    { flags: '--phone <number>', description: 'your phone number' },
    { flags: '--comment <text>', description: 'a free comment for the service' },
    { flags: '--mailto', description: 'print only the mailto: link' },
    { flags: '--form', description: 'print only the form link' },
    { flags: '--text', description: 'print only the e-mail (To, Subject, Body)' },
    { flags: '--open [target]', description: 'open the e-mail in the mail client, or the form with --open form' },
  ],
  examples: [
    'motoroute book 100042 --formula rider --name "Jeanne Dupont"',
    'motoroute book --from Paris --to Marseille --date 2026-12-05 --formula moto-only --make Honda --model CB500F',
    'motoroute book --from Lyon --to Nice --date +10d --formula rider --return +17d --mailto',
    'motoroute book 100042 --formula rider --json',
  ],
  details: [
    'ROUTE_ID (the id column of search) pre-fills the cities, the date, the times, the stopovers and the listed price,',
    'and links the booking form; a trip with fewer free places than motorcycles, or that has already left, is refused',
    '(exit 2) unless --force. Without ROUTE_ID the request is a quote and links the quote form; the cities are written',
    'as the service spells them, and one it does not serve is warned about (settings booking-email, booking-url,',
    'quote-url). Missing required fields (--from, --to, --date, --formula) are asked for in a terminal, then the',
    'motorcycles, riders and contact (Enter skips); otherwise they are listed in the error (exit 2) before any request.',
    'The e-mail is written in --lang (or the lang setting), else in English under an English locale, else in French;',
    'settings greeting and signature personalise it. The form link pre-fill is best effort: its parameter names are',
    'motoroute\'s proposal and the form may ignore them. motoroute never sends the e-mail or the form: you do.',
    'MOTOROUTE_NO_OPEN=1 makes --open print "would open: LINK" instead of starting a program; a failed --open exits 1.',
  ].join('\n'),
  async run({ args, options }, ctx) {
    const { runBook } = await import('./book/run.js');
    return runBook(args, options, ctx);
  },
});
