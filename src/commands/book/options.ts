import { parseFormula } from '../../booking/formula.js';
import { choice, city, date, flag, integer, text } from '../options.js';

/** The options of `book`: the request's fields, then what to print or open. */
export const BOOK_OPTIONS = {
  from: city('--from <city>', 'departure city'),
  to: city('--to <city>', 'arrival city'),
  date: date('--date <date>', 'wished date: YYYY-MM-DD, today, tomorrow or +Nd'),
  formula: text('--formula <formula>', 'rider (motorcycle with its rider) or moto-only (motorcycle alone)', {
    parse: (value, option) => parseFormula(value, option),
    invalidSample: 'sidecar',
  }),
  make: text('--make <make>', 'motorcycle make'),
  model: text('--model <model>', 'motorcycle model'),
  motorcycles: integer('--motorcycles <n>', 'number of motorcycles (default 1)', { min: 1 }),
  riders: integer('--riders <n>', 'number of riders travelling (default: one per motorcycle with rider, 0 with moto-only)', { min: 0 }),
  return: date('--return <date>', 'return date, for a round trip'),
  name: text('--name <name>', 'your name'),
  email: text('--email <address>', 'your e-mail address'),
  phone: text('--phone <number>', 'your phone number'),
  comment: text('--comment <text>', 'a free comment for the service'),
  mailto: flag('--mailto', 'print only the mailto: link'),
  form: flag('--form', 'print only the form link'),
  text: flag('--text', 'print only the e-mail (To, Subject, Body)'),
  open: choice('--open [target]', 'open the e-mail in the mail client, or the form with --open form', ['mailto', 'form'], {
    bare: 'mailto',
    hint: 'A route id goes before --open: motoroute book ROUTE_ID --open.',
  }),
};
