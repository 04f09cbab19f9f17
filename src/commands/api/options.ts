import { choice, flag, repeatable, text } from '../options.js';
import { METHODS, parseField, parseHeader, parseTypedValue } from './request.js';

/** The options of `api`: the method, fields, body and headers of the request, and how to print the answer. */
export const API_OPTIONS = {
  method: choice(
    '-X, --method <method>',
    'HTTP method (GET by default, POST when fields or --input are given)',
    METHODS,
  ),
  field: repeatable(
    text(
      '-f, --field <key=value>',
      'a string field: query string for GET, JSON body otherwise (repeatable; key[]=v makes a list)',
      {
        parse: (value, option, at) => parseField(value, option, at.lang),
        invalidSample: 'no-equals-sign',
      },
    ),
  ),
  typedField: repeatable(
    text(
      '-F, --typed-field <key=value>',
      'like -f, but true, false, null and numbers become JSON values (repeatable)',
      {
        parse: (value, option, at): [string, unknown] => {
          const [key, typed] = parseField(value, option, at.lang);
          return [key, parseTypedValue(typed)];
        },
        invalidSample: '=1',
      },
    ),
  ),
  input: text('--input <file>', 'the request body from a file, or - for stdin (fields then go to the query string)'),
  header: repeatable(
    text('-H, --header <header>', "an extra header 'Name: value' (repeatable; no credentials)", {
      parse: (value, _option, at) => parseHeader(value, at.lang),
      invalidSample: 'Authorization: Bearer x',
    }),
  ),
  include: flag('-i, --include', 'print the status line and the headers before the body'),
  paginate: flag(
    '--paginate',
    `follow every page of GET /route/ai/search (GET is then the default), printing each page's body in turn`,
  ),
};
