import { describe, expect, it } from 'vitest';
import { civilityTitle, namedCustomer, parseCivility } from '../../src/booking/civility.js';
import { composeBookingEmail } from '../../src/booking/compose.js';
import { customerNamingProblems } from '../../src/booking/customer-naming.js';
import type { BookingRequest } from '../../src/booking/fields.js';
import { readRequestFile } from '../../src/booking/request-file.js';
import { templateView } from '../../src/booking/template-view.js';
import { readDeskForm } from '../../src/desk/draft.js';

const now = new Date(2026, 10, 23, 12);
const at = { today: '2026-11-23', now };
const to = 'reservation@symone.fr';
const quote: BookingRequest = {
  from: 'Paris',
  to: 'Marseille',
  date: '2026-12-07',
  formula: 'rider',
  motorcycles: 1,
  scheduled: false,
  name: 'Hélène Lefèvre',
  email: 'helene@exemple.fr',
};

describe('the civility a desk types', () => {
  it.each([
    ['Mme', 'Mme'],
    ['Madame', 'Mme'],
    ['MADAME', 'Mme'],
    ['mme.', 'Mme'],
    ['Mlle', 'Mme'],
    ['Mademoiselle', 'Mme'],
    ['Mrs', 'Mme'],
    ['Ms.', 'Mme'],
    ['M.', 'M.'],
    ['M', 'M.'],
    ['m', 'M.'],
    ['Monsieur', 'M.'],
    [' MONSIEUR ', 'M.'],
    ['Mr', 'M.'],
    ['Mr.', 'M.'],
  ] as const)('reads %j as %s', (typed, civility) => {
    expect(parseCivility(typed)).toBe(civility);
  });

  it.each(['Dr', 'Me', 'MM.', 'Mmes', 'Hélène', ''])('reads %j as no civility', (typed) => {
    expect(parseCivility(typed)).toBeUndefined();
  });

  it('titles the customer in the e-mail’s language, with a no-break space in French', () => {
    expect(namedCustomer('Hélène Lefèvre', 'Mme', 'fr')).toBe('Mme\u00a0Hélène Lefèvre');
    expect(namedCustomer('Jean Martin', 'M.', 'fr')).toBe('M.\u00a0Jean Martin');
    expect(namedCustomer('Hélène Lefèvre', 'Mme', 'en')).toBe('Ms Hélène Lefèvre');
    expect(namedCustomer('Jean Martin', 'M.', 'en')).toBe('Mr Jean Martin');
    expect(namedCustomer('Jean Martin', undefined, 'fr')).toBe('Jean Martin');
    expect(civilityTitle('Mme', 'en')).toBe('Ms');
  });

  it('refuses, in a typed input from JSON, a civility that is none of them, and a reference a subject cannot carry', () => {
    const doctor = JSON.parse('{"civility":"Dr"}') as Parameters<typeof customerNamingProblems>[0];
    expect(customerNamingProblems(doctor)).toEqual(['civility: "Dr" is no civility; give Mme or M. (or nothing).']);
    expect(customerNamingProblems(doctor, 'fr')).toEqual([
      'civility\u00a0: «\u202fDr\u202f» n\u2019est pas une civilité\u202f; écrivez Mme ou M. (ou rien).',
    ]);
    expect(customerNamingProblems({ reference: 'D-1\r\nBcc: x@evil.example' })).toEqual([
      expect.stringMatching(/^reference contains a line break or control character \(U\+000D at position 4\)/),
    ]);
    expect(customerNamingProblems({ reference: 'x'.repeat(41) })).toEqual([
      'reference is 41 characters long; a reference in the subject has at most 40.',
    ]);
    expect(customerNamingProblems({ civility: 'Mme', reference: 'D-2026-100' })).toEqual([]);
    expect(() => composeBookingEmail(quote, { lang: 'fr', to, customer: { reference: 'a\nb' } })).toThrow(/U\+000A/);
    // The composer says it in the e-mail's language.
    expect(() => composeBookingEmail(quote, { lang: 'fr', to, customer: { reference: 'x'.repeat(41) } })).toThrow(
      'reference compte 41 caractères',
    );
  });
});

describe('the desk’s wording with a civility and a reference', () => {
  const desk = { lang: 'fr' as const, to, voice: 'desk' as const };

  it('names the customer with the title in the text, the contact line and the subject', () => {
    const email = composeBookingEmail(quote, { ...desk, customer: { civility: 'Mme', reference: 'D-1234' } });
    expect(email.subject).toBe(
      'Demande de devis moto pour Mme\u00a0Hélène Lefèvre (réf.\u00a0D-1234)\u00a0: Paris → Marseille, le lundi 7 décembre 2026',
    );
    expect(email.body).toContain(
      'Nous souhaitons obtenir, au nom de Mme\u00a0Hélène Lefèvre, un devis pour le transport de sa moto\u00a0:',
    );
    expect(email.body).toContain('Coordonnées de la cliente\u00a0:\n- Nom\u00a0: Mme\u00a0Hélène Lefèvre');
    const him = composeBookingEmail({ ...quote, name: 'Jean Martin' }, { ...desk, customer: { civility: 'M.' } });
    expect(him.subject).toMatch(/^Demande de devis moto pour M\.\u00a0Jean Martin\u00a0: /);
    expect(him.body).toContain('au nom de M.\u00a0Jean Martin,');
    expect(him.body).toContain('Coordonnées du client\u00a0:');
  });

  it('stays neutral without a civility: nothing is guessed from the name', () => {
    const email = composeBookingEmail(quote, desk);
    expect(email.subject).toBe(
      'Demande de devis moto pour Hélène Lefèvre\u00a0: Paris → Marseille, le lundi 7 décembre 2026',
    );
    expect(email.body).toContain('au nom d’Hélène Lefèvre, un devis');
    expect(email.body).toContain('Coordonnées de contact\u00a0:\n- Nom\u00a0: Hélène Lefèvre');
    expect(email.body).not.toMatch(/cliente|client\b|Mme|M\./);
  });

  it('says Ms and her, Mr and his in English, and their without a civility', () => {
    const en = { ...desk, lang: 'en' as const };
    const her = composeBookingEmail(quote, { ...en, customer: { civility: 'Mme', reference: 'D-1234' } });
    expect(her.subject).toBe(
      'Motorcycle transport quote request for Ms Hélène Lefèvre (ref. D-1234): Paris → Marseille on Monday 7 December 2026',
    );
    expect(her.body).toContain(
      'On behalf of our customer Ms Hélène Lefèvre, we would like a quote for transporting her motorcycle:',
    );
    const his = composeBookingEmail({ ...quote, name: 'Jean Martin' }, { ...en, customer: { civility: 'M.' } });
    expect(his.body).toContain('our customer Mr Jean Martin, we would like a quote for transporting his motorcycle:');
    expect(composeBookingEmail(quote, en).body).toContain('transporting their motorcycle:');
  });

  it('puts a reference in the subject in the customer’s voice too, and a title only beside a name', () => {
    const own = composeBookingEmail(quote, { lang: 'fr', to, customer: { reference: ' D-9 ' } });
    expect(own.subject).toBe(
      'Demande de devis moto (réf.\u00a0D-9)\u00a0: Paris → Marseille, le lundi 7 décembre 2026',
    );
    const nameless = { ...quote };
    delete nameless.name;
    const anonymous = composeBookingEmail(nameless, { ...desk, customer: { civility: 'Mme' } });
    expect(anonymous.body).toContain('un devis pour le transport d’une moto');
    expect(anonymous.subject).toMatch(/^Demande de devis moto\u00a0: /);
  });

  it('gives templates the title and the reference', () => {
    const view = templateView(quote, {
      lang: 'en',
      formUrl: 'https://x',
      customer: { civility: 'M.', reference: 'D-7' },
    });
    expect(view).toMatchObject({ civility: 'Mr', reference: 'D-7' });
    expect(templateView(quote, { lang: 'fr', formUrl: 'https://x' })).toMatchObject({ civility: '', reference: '' });
  });
});

describe('the Civilité and reference columns of a file of requests', () => {
  it.each(['Civilité', 'Civilite', 'Titre', 'Title', 'Salutation', 'civility'])(
    'reads a %s column into the request',
    (header) => {
      const notes: string[] = [];
      const [row] = readRequestFile(
        `from;to;date;formula;${header};name\nParis;Lyon;7 déc.;moto + pilote;Madame;Zoé Roux\n`,
        'f',
        {
          ...at,
          note: (text) => notes.push(text),
        },
      );
      expect(row).toMatchObject({ ok: true, civility: 'Mme', request: { name: 'Zoé Roux' } });
      expect(notes).toEqual([]);
    },
  );

  it.each(['Référence', 'Reference', 'Réf.', 'N° dossier', 'Dossier', 'Ref'])(
    'reads a %s column as the reference, not aside',
    (header) => {
      const notes: string[] = [];
      const [row] = readRequestFile(`from;to;date;formula;${header}\nParis;Lyon;7 déc.;rider;D-1234\n`, 'f', {
        ...at,
        note: (text) => notes.push(text),
      });
      expect(row).toMatchObject({ ok: true, reference: 'D-1234' });
      expect(notes).toEqual([]);
    },
  );

  it('leaves an empty civility neutral, and an unknown one neutral with a note, never a refusal', () => {
    const rows = readRequestFile(
      'from,to,date,formula,civilité,name\nParis,Lyon,7 déc.,rider,,Zoé\nParis,Lyon,7 déc.,rider,Dr,Jean\n',
      'f',
      { ...at, lang: 'fr' },
    );
    expect(rows[0]).toMatchObject({ ok: true, notes: [] });
    expect(rows[0]?.ok && rows[0].civility).toBeUndefined();
    expect(rows[1]).toMatchObject({
      ok: true,
      notes: [
        'civilité\u00a0: «\u202fDr\u202f» n\u2019est ni Mme ni M.\u202f; l\u2019e-mail nomme la personne sans civilité (écrivez Mme ou M.).',
      ],
    });
    expect(rows[1]?.ok && rows[1].civility).toBeUndefined();
  });

  it('drafts a row whose reference a subject cannot carry without it, with a note saying why', () => {
    const [row] = readRequestFile(`from;to;date;formula;Référence\nParis;Lyon;7 déc.;rider;${'D'.repeat(41)}\n`, 'f', {
      ...at,
      lang: 'fr',
    });
    expect(row).toMatchObject({
      line: 2,
      ok: true,
      notes: [
        'référence\u00a0: 41 caractères, plus que les 40 qu\u2019un objet porte\u202f; l\u2019objet ne la reprend pas (raccourcissez-la pour l\u2019y voir).',
      ],
    });
    expect(row).not.toHaveProperty('reference');
    const [english] = readRequestFile(
      `from;to;date;formula;reference\nParis;Lyon;7 déc.;rider;${'D'.repeat(40)}\n`,
      'f',
      at,
    );
    expect(english).toMatchObject({ ok: true, reference: 'D'.repeat(40), notes: [] });
  });

  it('reads civility and reference from NDJSON too', () => {
    const [row] = readRequestFile(
      '{"from":"Paris","to":"Lyon","date":"2026-12-07","formula":"rider","civility":"M.","reference":"D-5"}\n',
      'f',
      at,
    );
    expect(row).toMatchObject({ ok: true, civility: 'M.', reference: 'D-5' });
  });
});

describe('the desk page’s form', () => {
  it('reads the civility select and the reference, and says a civility it does not know', () => {
    expect(readDeskForm({ civility: 'Mme', reference: 'D-3', name: 'Zoé' })).toMatchObject({
      fields: { name: 'Zoé' },
      civility: 'Mme',
      reference: 'D-3',
      problems: [],
    });
    expect(readDeskForm({ civility: '' }).civility).toBeUndefined();
    expect(readDeskForm({ civility: 'Dr' }).problems).toEqual([
      'civility: "Dr" is no civility; give Mme or M. (or nothing).',
    ]);
    // In the form's language, or the desk's when the form names none.
    const french = ['civility\u00a0: «\u202fDr\u202f» n\u2019est pas une civilité\u202f; écrivez Mme ou M. (ou rien).'];
    expect(readDeskForm({ civility: 'Dr', lang: 'fr' }).problems).toEqual(french);
    expect(readDeskForm({ civility: 'Dr' }, 'fr').problems).toEqual(french);
  });
});
