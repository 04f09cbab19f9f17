import { isCivility, type Civility } from './civility.js';
import type { BookingLang } from './lang.js';
import { PROBLEM_WORDS } from './problem-words.js';

/**
 * How the e-mail names the customer, beside the request's fields: the civility someone gave (« Mme », « M. »; never
 * guessed from a name) and the customer's own reference for the request (`D-1234`, a desk's file number), which the
 * subject carries so that two requests on one trip differ.
 */
export interface CustomerNaming {
  /** How the customer is addressed: « Mme » or « M. »; unset, the wording stays neutral. */
  civility?: Civility | undefined;
  /** The customer's reference for the request, at most {@link MAX_REFERENCE_LENGTH} characters: the subject carries it. */
  reference?: string | undefined;
}

// A reference goes into the Subject header: no control character, no line break, and short enough for a subject.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The longest reference a subject carries. */
export const MAX_REFERENCE_LENGTH = 40;

/**
 * Every problem of a naming (empty when none), one sentence each in `lang`; `field` names each field as the face
 * does (`civility`, `reference` by default). A civility may come from JSON: it is one of CIVILITIES or nothing.
 * @example
 * ```ts
 * customerNamingProblems({ civility: 'Dr' as never }, 'en'); // ['civility: "Dr" is no civility; give Mme or M. (or nothing).']
 * ```
 */
export function customerNamingProblems(
  naming: CustomerNaming,
  lang: BookingLang = 'en',
  field: (name: 'civility' | 'reference') => string = (name) => name,
): string[] {
  const words = PROBLEM_WORDS[lang];
  const problems: string[] = [];
  if (naming.civility !== undefined && !isCivility(naming.civility))
    problems.push(words.civility(field('civility'), String(naming.civility)));
  const reference = naming.reference;
  if (reference !== undefined) {
    const control = CONTROL.exec(reference);
    if (control) {
      const code = `U+${(control[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      problems.push(words.control(field('reference'), code, control.index + 1, false));
    } else if (reference.trim().length > MAX_REFERENCE_LENGTH)
      problems.push(words.referenceLength(field('reference'), reference.trim().length, MAX_REFERENCE_LENGTH));
  }
  return problems;
}

/** The naming with a blank reference left out and the reference trimmed; undefined when it says nothing. */
export function cleanNaming(naming: CustomerNaming | undefined): CustomerNaming | undefined {
  const reference = naming?.reference?.trim();
  const civility = naming?.civility;
  if (!reference && civility === undefined) return undefined;
  return { ...(civility !== undefined ? { civility } : {}), ...(reference ? { reference } : {}) };
}
