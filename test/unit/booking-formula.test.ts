import { describe, expect, it } from 'vitest';
import { FORMULAS, formulaLabel, parseFormula } from '../../src/booking/formula.js';
import { UsageError } from '../../src/errors.js';

describe('parseFormula', () => {
  it.each([
    ['rider', 'rider'],
    ['with-rider', 'rider'],
    ['avec-pilote', 'rider'],
    ['Avec Pilote', 'rider'],
    ['PILOTE', 'rider'],
    ['  pilote ', 'rider'],
    ['moto-only', 'moto-only'],
    ['bike-only', 'moto-only'],
    ['moto-seule', 'moto-only'],
    ['Moto_Seule', 'moto-only'],
    ['motorcycle-only', 'moto-only'],
    ['MOTORCYCLE ONLY', 'moto-only'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseFormula(input)).toBe(expected);
  });

  it.each([
    ['moto + pilote', 'rider'],
    ['moto+pilote', 'rider'],
    ['Moto + Pilote', 'rider'],
    ['MOTO ET PILOTE', 'rider'],
    ['moto avec pilote', 'rider'],
    ['moto seule', 'moto-only'],
    ['Moto Seule', 'moto-only'],
    ['sans pilote', 'moto-only'],
    ['Sans Pîlote', 'moto-only'],
    ['moto seule (sans pilote)', 'moto-only'],
  ])('reads %j as French desks type it', (input, expected) => {
    expect(parseFormula(input)).toBe(expected);
  });

  it('does not read a formula into a word that merely contains one', () => {
    expect(() => parseFormula('moto + passager')).toThrow(UsageError);
    expect(() => parseFormula('pilote seul')).toThrow(UsageError);
  });

  it('ignores accents', () => {
    expect(parseFormula('avec-pîlote')).toBe('rider');
    expect(parseFormula('MOTO-SEULÉ')).toBe('moto-only');
  });

  it('refuses anything else with a UsageError listing every accepted value', () => {
    expect(() => parseFormula('sidecar')).toThrow(UsageError);
    expect(() => parseFormula('sidecar')).toThrow(
      'formula: "sidecar" is not a formula; use rider (or with-rider, avec-pilote, pilote); moto-only (or bike-only, moto-seule, motorcycle-only).',
    );
    expect(() => parseFormula('')).toThrow(UsageError);
    expect(() => parseFormula('rider-only')).toThrow(UsageError);
  });

  it('names the option it was given', () => {
    expect(() => parseFormula('x', '--formula')).toThrow(/^--formula: "x"/);
  });
});

describe('formulaLabel', () => {
  it('labels each formula in French and English', () => {
    expect(FORMULAS.map((formula) => formulaLabel(formula, 'fr'))).toEqual([
      'moto avec pilote',
      'moto seule (sans pilote)',
    ]);
    expect(FORMULAS.map((formula) => formulaLabel(formula, 'en'))).toEqual([
      'motorcycle with rider',
      'motorcycle only (no rider)',
    ]);
  });
});
