import { describe, expect, it } from 'vitest';
import { readDeskForm } from '../../src/desk/draft.js';

describe('the desk form, read', () => {
  it('reads a formula as a French desk writes it', () => {
    expect(readDeskForm({ formula: 'moto + pilote' }).fields.formula).toBe('rider');
    expect(readDeskForm({ formula: 'Moto seule' }).fields.formula).toBe('moto-only');
  });

  it('says a wrong formula in the form’s language, else the desk’s', () => {
    const french = [
      'formula\u00a0: «\u202fsidecar\u202f» n\u2019est pas une formule\u202f; écrivez «\u202fmoto + pilote\u202f» ou «\u202fmoto seule\u202f».',
    ];
    expect(readDeskForm({ formula: 'sidecar', lang: 'fr' }).problems).toEqual(french);
    expect(readDeskForm({ formula: 'sidecar' }, 'fr').problems).toEqual(french);
    const [english] = readDeskForm({ formula: 'sidecar', lang: 'en' }, 'fr').problems;
    expect(english).toMatch(/^formula: "sidecar" is not a formula; use rider/);
  });
});
