import { foldName } from '../domain/text.js';
import { UsageError } from '../errors.js';
import type { BookingLang } from './lang.js';

/** The two transport formulas: the motorcycle travels with its rider, or alone. */
export type Formula = 'rider' | 'moto-only';

/** Every formula, in the order they are offered. */
export const FORMULAS: readonly Formula[] = ['rider', 'moto-only'];

/** Accepted spellings of each formula, the canonical name first. */
export const FORMULA_ALIASES: Readonly<Record<Formula, readonly string[]>> = {
  rider: ['rider', 'with-rider', 'avec-pilote', 'pilote'],
  'moto-only': ['moto-only', 'bike-only', 'moto-seule', 'motorcycle-only'],
};

/** How each formula is written in a message, per language. */
export const FORMULA_LABELS: Readonly<Record<BookingLang, Readonly<Record<Formula, string>>>> = {
  fr: { rider: 'moto avec pilote', 'moto-only': 'moto seule (sans pilote)' },
  en: { rider: 'motorcycle with rider', 'moto-only': 'motorcycle only (no rider)' },
};

// Keys are folded so that `Avec Pilote`, `avec_pilote` and `AVEC-PILOTE` all match.
const FORMULA_BY_FOLDED_ALIAS: ReadonlyMap<string, Formula> = new Map(
  FORMULAS.flatMap((formula) => FORMULA_ALIASES[formula].map((alias) => [foldName(alias), formula] as const)),
);

// How French desks type the formula in a sheet or a form, folded, `+` spaced out: `moto+pilote`, `Moto et pilote`.
const DESK_SPELLINGS: ReadonlyMap<string, Formula> = new Map([
  ['moto + pilote', 'rider'],
  ['moto et pilote', 'rider'],
  ['moto avec pilote', 'rider'],
  ['moto pilote', 'rider'],
  ['avec pilote', 'rider'],
  ['moto seule', 'moto-only'],
  ['moto seul', 'moto-only'],
  ['sans pilote', 'moto-only'],
  ['moto sans pilote', 'moto-only'],
  ['moto seule sans pilote', 'moto-only'],
  ['moto seule (sans pilote)', 'moto-only'],
  ['seule', 'moto-only'],
]);

/** A formula as typed, folded: case and accents ignored, `+` spaced out, blank space and dashes one space. */
function foldFormula(input: string): string {
  return foldName(input.replace(/\+/g, ' + ')).replace(/\s+/g, ' ').replace(/\.$/, '');
}

/**
 * Reads a formula as a person writes it (any alias, or as French desks write it: `moto + pilote`, `moto et pilote`,
 * `moto seule`, `sans pilote`; case and accents ignored).
 * @param option how the error names the value (`formula` by default).
 * @param lang the error's language (English by default).
 * @throws UsageError listing the accepted values when `input` is none of them.
 * @example
 * ```ts
 * parseFormula('Avec pilote'); // 'rider'
 * parseFormula('bike-only'); // 'moto-only'
 * ```
 */
export function parseFormula(input: string, option = 'formula', lang: 'en' | 'fr' = 'en'): Formula {
  const folded = foldFormula(input);
  const formula = FORMULA_BY_FOLDED_ALIAS.get(folded) ?? DESK_SPELLINGS.get(folded);
  if (formula) return formula;
  throw new UsageError(NOT_A_FORMULA[lang](option, input));
}

/** The refusal of a formula, per language: English lists every alias, French the two ways desks write it. */
const NOT_A_FORMULA = {
  en: (option: string, input: string) => {
    const accepted = FORMULAS.map((name) => {
      const [, ...aliases] = FORMULA_ALIASES[name];
      return `${name} (or ${aliases.join(', ')})`;
    }).join('; ');
    return `${option}: "${input}" is not a formula; use ${accepted}.`;
  },
  fr: (option: string, input: string) =>
    `${option}\u00a0: «\u202f${input}\u202f» n\u2019est pas une formule\u202f; écrivez «\u202fmoto + pilote\u202f» ou «\u202fmoto seule\u202f».`,
} as const;

/**
 * The wording of a formula in a message.
 * @example
 * ```ts
 * formulaLabel('moto-only', 'en'); // 'motorcycle only (no rider)'
 * formulaLabel('rider', 'fr'); // 'moto avec pilote'
 * ```
 */
export function formulaLabel(formula: Formula, lang: BookingLang): string {
  return FORMULA_LABELS[lang][formula];
}
