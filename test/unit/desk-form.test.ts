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

  it('says a field of the wrong type in the form’s language, else the desk’s', () => {
    const form = { name: 42, motorcycles: '2', riders: 1.5, email: 'jeanne@example.fr' };
    expect(readDeskForm({ ...form, lang: 'fr' }).problems).toEqual([
      'name\u00a0: un texte est attendu.',
      'motorcycles\u00a0: un nombre entier est attendu.',
      'riders\u00a0: un nombre entier est attendu.',
    ]);
    expect(readDeskForm(form, 'fr').problems).toEqual(readDeskForm({ ...form, lang: 'fr' }).problems);
    expect(readDeskForm({ ...form, lang: 'en' }, 'fr').problems).toEqual([
      'name: text is expected.',
      'motorcycles: a whole number is expected.',
      'riders: a whole number is expected.',
    ]);
    expect(readDeskForm({ ...form, lang: 'en' }, 'fr').fields).toEqual({ email: 'jeanne@example.fr' });
  });

  it('says a lang that is no text, and what is no form, in the desk’s language', () => {
    expect(readDeskForm({ lang: ['fr'], formula: 'sidecar' }, 'fr').problems).toEqual([
      'lang\u00a0: un texte est attendu.',
      expect.stringMatching(/^formula\u00a0: «\u202fsidecar\u202f» n’est pas une formule/),
    ]);
    expect(readDeskForm('name=Jeanne', 'fr').problems).toEqual(['La requête n’est pas un formulaire de demande.']);
    expect(readDeskForm(null).problems).toEqual(['The request is not a booking form.']);
  });

  it('gives no problem for a whole form, French or English', () => {
    const form = { name: 'Jeanne', motorcycles: 2, riders: 2, formula: 'moto + pilote', civility: 'Mme' };
    expect(readDeskForm({ ...form, lang: 'fr' }).problems).toEqual([]);
    expect(readDeskForm(form, 'en')).toMatchObject({ problems: [], fields: { motorcycles: 2, formula: 'rider' } });
  });
});
