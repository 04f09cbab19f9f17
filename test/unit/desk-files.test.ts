import { describe, expect, it } from 'vitest';
import { readRequestFile, readRequestRecords } from '../../src/booking/request-file.js';
import { csvRecords, csvTable, sniffSeparator } from '../../src/domain/csv-records.js';
import { parseDateInput, parseFrenchDate, parseFrenchWrittenDate } from '../../src/domain/dates.js';
import { sniffFileKind } from '../../src/domain/file-kind.js';
import { decodeFileText, parseTextEncoding } from '../../src/domain/file-text.js';
import { UsageError } from '../../src/errors.js';

const now = new Date(2026, 10, 23, 12);
const at = { today: '2026-11-23', now };

describe('French dates', () => {
  it('reads JJ/MM/AAAA and J/M/AAAA day first, never month first', () => {
    expect(parseFrenchDate('07/12/2026', '--date')).toBe('2026-12-07');
    expect(parseFrenchDate('7/12/2026', '--date')).toBe('2026-12-07');
    expect(parseFrenchDate('1/2/2027', '--date')).toBe('2027-02-01');
    expect(parseFrenchDate('13.01.2027', '--date')).toBe('2027-01-13');
    expect(parseDateInput('07/12/2026', '--date', now)).toBe('2026-12-07');
    expect(parseFrenchDate('2026-12-07', '--date')).toBeUndefined();
  });

  it('refuses a two-digit year, and a date that is not in the calendar read day first', () => {
    expect(() => parseFrenchDate('07/12/26', '--date')).toThrow(
      '--date: "07/12/26" has a 2-digit year; write it in full, like 07/12/2026.',
    );
    expect(() => parseDateInput('7/12/26', 'date', now)).toThrow(/2-digit year; write it in full, like 07\/12\/2026/);
    // 12/31/2026 is how an American would write New Year's Eve: day 12 of month 31 is no date.
    expect(() => parseFrenchDate('12/31/2026', '--date')).toThrow(
      /not a real calendar date \(read as day\/month\/year/,
    );
    expect(() => parseFrenchDate('30/02/2027', '--date')).toThrow(UsageError);
  });
});

describe('dates written out in French', () => {
  it.each([
    ['7 déc.', '2026-12-07'],
    ['7 décembre', '2026-12-07'],
    ['7 DEC', '2026-12-07'],
    ['9 janv. 2027', '2027-01-09'],
    ['9 janvier 2027', '2027-01-09'],
    ['1er mai', '2027-05-01'],
    ['23 nov.', '2026-11-23'],
    ['22 novembre', '2027-11-22'],
    ['lundi 7 décembre 2026', '2026-12-07'],
    ['Lundi 7 déc.', '2026-12-07'],
    ['15 août', '2027-08-15'],
    ['3 févr. 2027', '2027-02-03'],
  ])('reads %j as %s (without a year: its next occurrence, today included)', (text, expected) => {
    expect(parseDateInput(text, 'date', now)).toBe(expected);
  });

  it('takes the next 29 February when no year is given, and refuses impossible dates, short years and a wrong weekday', () => {
    expect(parseFrenchWrittenDate('29 février', 'date', '2026-11-23')).toBe('2028-02-29');
    expect(() => parseDateInput('31 nov.', 'date', now)).toThrow(/^date: "31 nov\." is not a real calendar date\.$/);
    expect(() => parseDateInput('7 déc. 26', 'date', now)).toThrow(/2-digit year; write it in full, like 2026/);
    expect(() => parseDateInput('mardi 7 décembre 2026', 'date', now)).toThrow(/2026-12-07 is a lundi, not a mardi/);
    expect(() => parseDateInput('7 brumaire', 'date', now)).toThrow(/is not a date/);
    expect(parseFrenchWrittenDate('07/12/2026', 'date', '2026-11-23')).toBeUndefined();
  });
});

describe('decodeFileText', () => {
  const accents = 'Départ;Arrivée\r\nNîmes;Orléans\r\nCécile Dubœuf;€ 12\r\n';
  const cp1252 = Buffer.from(accents.replace('œ', '\u0153'), 'latin1');
  cp1252[cp1252.indexOf(0x53, cp1252.indexOf(0x62))] = 0x9c; // œ is 0x9C in Windows-1252
  cp1252[cp1252.indexOf(0xac)] = 0x80; // € is 0x80

  it('reads UTF-8 with or without BOM, and UTF-16 LE and BE with their BOM', () => {
    expect(decodeFileText(Buffer.from(accents), 'f')).toEqual({ text: accents, encoding: 'utf-8', fellBack: false });
    expect(decodeFileText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(accents)]), 'f').text).toBe(
      accents,
    );
    expect(decodeFileText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(accents, 'utf16le')]), 'f')).toEqual({
      text: accents,
      encoding: 'utf-16le',
      fellBack: false,
    });
    const be = Buffer.from(accents, 'utf16le').swap16();
    expect(decodeFileText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'f')).toEqual({
      text: accents,
      encoding: 'utf-16be',
      fellBack: false,
    });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, œ and € included, and says it fell back', () => {
    const decoded = decodeFileText(cp1252, 'f');
    expect(decoded).toEqual({ text: accents, encoding: 'windows-1252', fellBack: true });
    expect(decoded.text).not.toContain('\ufffd');
  });

  it('refuses a file mixing UTF-8 and Windows-1252 rather than guess, naming the line', () => {
    const mixed = Buffer.concat([
      Buffer.from('Nom;Ville\r\nZo\xe9;N\xeemes\r\n', 'latin1'),
      Buffer.from('Cécile;Orléans\r\n'),
    ]);
    expect(() => decodeFileText(mixed, 'demandes.csv')).toThrow(
      'demandes.csv mixes two encodings (line 3 holds UTF-8 among Windows-1252 text)',
    );
    expect(decodeFileText(mixed, 'demandes.csv', 'windows-1252').text).toContain('CÃ©cile');
  });

  it('follows --encoding, and refuses bytes that are not valid in it', () => {
    expect(decodeFileText(cp1252, 'f', 'windows-1252')).toEqual({
      text: accents,
      encoding: 'windows-1252',
      fellBack: false,
    });
    expect(() => decodeFileText(cp1252, 'demandes.csv', 'utf-8')).toThrow(
      'demandes.csv is not valid UTF-8 text; give the encoding it was saved in with --encoding',
    );
    expect(parseTextEncoding('CP1252', '--encoding')).toBe('windows-1252');
    expect(parseTextEncoding('UTF8', '--encoding')).toBe('utf-8');
    expect(() => parseTextEncoding('ebcdic', '--encoding')).toThrow(
      '--encoding: "ebcdic" is not an encoding motoroute reads; use utf-8, utf-16le, utf-16be, windows-1252.',
    );
  });
});

describe('sniffFileKind', () => {
  const zip = (name: string) => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(26), Buffer.from(name)]);
  it.each([
    [Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj', 'latin1'), 'a PDF document'],
    [zip('word/document.xml'), 'a Word document (.docx), not a spreadsheet'],
    [zip('photos/a.jpg'), 'a zip archive'],
    [
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64), Buffer.from('WordDocument', 'utf16le')]),
      'a Word 97-2003 document (.doc), not a spreadsheet',
    ],
    [
      Buffer.concat([
        Buffer.from('d0cf11e0a1b11ae1', 'hex'),
        Buffer.alloc(64),
        Buffer.from('EncryptionInfo', 'utf16le'),
        Buffer.from('EncryptedPackage', 'utf16le'),
      ]),
      'a password-protected Office file (remove the password, or save it as CSV)',
    ],
    [Buffer.from('89504e470d0a1a0a0000', 'hex'), 'a PNG image'],
    [Buffer.from('from,to\u0000\u0001\u0002'), 'a binary file, not text'],
  ])('names what a file that is no table looks like (%#)', (bytes, looksLike) => {
    expect(sniffFileKind(bytes)).toEqual({ kind: 'other', looksLike });
  });

  it('tells spreadsheets and text apart', () => {
    expect(sniffFileKind(zip('[Content_Types].xml xl/workbook.xml'))).toEqual({ kind: 'spreadsheet', format: 'xlsx' });
    expect(sniffFileKind(zip('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'))).toEqual({
      kind: 'spreadsheet',
      format: 'ods',
    });
    expect(sniffFileKind(Buffer.from('from;to\r\nParis;Lyon\r\n'))).toEqual({ kind: 'text' });
    expect(sniffFileKind(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('from\tto', 'utf16le')]))).toEqual({
      kind: 'text',
    });
  });
});

describe('sniffSeparator and csvRecords', () => {
  it('takes the separator of the header line, outside quotes', () => {
    expect(sniffSeparator('Départ;Arrivée;"Date, souhaitée"\r\nParis;Lyon;07/12/2026')).toBe(';');
    expect(sniffSeparator('\n\nfrom\tto\tdate\n')).toBe('\t');
    expect(sniffSeparator('from,to,"a;b"')).toBe(',');
    expect(sniffSeparator('from')).toBe(',');
  });

  it('follows the sep= line Excel writes first, keeping the line numbers', () => {
    expect(csvTable('sep=;\r\nfrom;to\r\nParis;"Lyon, Rhône"\r\n', 'f')).toEqual([
      { line: 2, fields: ['from', 'to'] },
      { line: 3, fields: ['Paris', 'Lyon, Rhône'] },
    ]);
  });

  it('reads ; separated records, skipping rows of empty cells', () => {
    expect(csvRecords('a;b\r\n"x;1";"y\r\nz"\r\n;\r\n;;\r\n', 'f', ';')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x;1', 'y\nz'] },
    ]);
  });
});

describe('request files as offices write them', () => {
  const header = 'Départ;Arrivée;Date souhaitée;Formule;Nom;Téléphone;Commentaire;;\r\n';

  it('reads a French ; file with French dates, mends a phone that lost its 0, keeps a comment on two lines', () => {
    const rows = readRequestFile(
      `${header}Nîmes;Orléans;07/12/2026;avec pilote;Zoé;612345678;"Fragile, merci\nAprès 18 h";;\r\n;;;;;;;;\r\n`,
      'f',
      at,
    );
    expect(rows).toEqual([
      {
        line: 2,
        ok: true,
        notes: ['phone 612345678 read as 06 12 34 56 78 (a spreadsheet dropped its leading 0).'],
        request: expect.objectContaining({
          from: 'Nîmes',
          to: 'Orléans',
          date: '2026-12-07',
          phone: '06 12 34 56 78',
          comment: 'Fragile, merci\nAprès 18 h',
        }),
      },
    ]);
  });

  it('names a two-digit year and a value under no column', () => {
    const [row] = readRequestFile(`${header}Nîmes;Orléans;07/12/26;avec pilote;Zoé;;;;x\r\n`, 'f', at);
    expect(row).toEqual({
      line: 2,
      ok: false,
      problems: ['9 values for 7 columns (from,to,date,formula,name,phone,comment).'],
    });
    const [short] = readRequestFile(`${header}Nîmes;Orléans;07/12/26;avec pilote;Zoé;;;;\r\n`, 'f', at);
    expect(short).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^date: "07\/12\/26" has a 2-digit year/)],
    });
  });

  it('mends an international number that lost its +, writes French numbers the French way, and leaves others as typed', () => {
    const rows = readRequestFile(
      'from,to,date,formula,phone\nParis,Lyon,07/12/2026,rider,33612345678\nParis,Nice,07/12/2026,rider,0612345678\n',
      'f',
      at,
    );
    expect(rows[0]).toMatchObject({
      ok: true,
      request: { phone: '+33 6 12 34 56 78' },
      notes: ['phone 33612345678 read as +33 6 12 34 56 78 (a spreadsheet dropped its leading +).'],
    });
    expect(rows[1]).toMatchObject({ ok: true, request: { phone: '06 12 34 56 78' }, notes: [] });
    const typed = (phone: string) =>
      readRequestFile(`from,to,date,formula,phone\nParis,Lyon,07/12/2026,rider,"${phone}"\n`, 'f', at)[0];
    expect(typed('06.23.45.67.89')).toMatchObject({ request: { phone: '06 23 45 67 89' }, notes: [] });
    expect(typed('+33 (0)6 78 90 12 34')).toMatchObject({ request: { phone: '+33 6 78 90 12 34' }, notes: [] });
    expect(typed('+33612345678')).toMatchObject({ request: { phone: '+33 6 12 34 56 78' } });
    expect(typed('0033 6 12 34 56 78')).toMatchObject({ request: { phone: '+33 6 12 34 56 78' } });
    expect(typed('+44 20 7946 0958')).toMatchObject({ request: { phone: '+44 20 7946 0958' } });
  });

  it('reads a spreadsheet\u2019s records the same way, named by their row', () => {
    const rows = readRequestRecords(
      [
        { line: 1, fields: ['From', 'To', 'Date', 'Formula', 'Phone'] },
        { line: 3, fields: ['Paris', 'Lyon', '2026-12-07', 'rider', '612345678'] },
      ],
      'sheet.xlsx',
      at,
    );
    expect(rows[0]).toMatchObject({ line: 3, ok: true, request: { date: '2026-12-07', phone: '06 12 34 56 78' } });
  });

  it('refuses a header with no request column, naming it without repeating control characters', () => {
    expect(() => readRequestFile('D\u0000part;Arriv\u0001e\r\n', 'f', at)).toThrow(
      'f line 1: no request column ("D?part", "Arriv?e")',
    );
  });

  it('keeps unknown columns aside with one note, and reads the trip and the reference columns', () => {
    const notes: string[] = [];
    const rows = readRequestFile(
      'Trajet;Formule;Nom;Agent;Statut;N° dossier\n100042;moto + pilote;Zoé;Léa;à rappeler;D-2026-118\n',
      'f',
      { ...at, note: (text) => notes.push(text) },
    );
    expect(notes).toEqual([
      'f: the columns "Agent", "Statut" are not read (not a request column); kept aside, not in the drafts.',
    ]);
    expect(rows[0]).toMatchObject({
      line: 2,
      ok: true,
      routeId: '100042',
      reference: 'D-2026-118',
      fields: { formula: 'rider', name: 'Zoé' },
    });
    const [dated] = readRequestFile('route_id,date,formula\n100042,07/12/2026,rider\n', 'f', at);
    expect(dated).toMatchObject({ ok: false, problems: [expect.stringMatching(/route_id 100042 sets the date/)] });
  });

  it('reads French written dates and Excel day numbers in date columns, and a tab in a comment as a space', () => {
    const [row] = readRequestFile(
      'from,to,date,return,formula,comment\nParis,Lyon,7 déc.,46375,Moto et pilote,"Casque\tfourni"\n',
      'f',
      at,
    );
    expect(row).toMatchObject({
      ok: true,
      request: { date: '2026-12-07', returnDate: '2026-12-19', formula: 'rider', comment: 'Casque fourni' },
      notes: ["return 46375 read as 2026-12-19 (a spreadsheet's date number; format the column as a date)."],
    });
  });
});

describe('a file of requests read in a French session', () => {
  const fr = { ...at, lang: 'fr' as const };
  const problemsOf = (text: string) => {
    const [row] = readRequestFile(text, 'f', fr);
    if (!row || row.ok) throw new Error('expected a refused row');
    return row.problems;
  };

  it('says every row problem in French, one sentence each, with what to write instead', () => {
    const problems = problemsOf(
      'Départ;Arrivée;Date;Formule;Nombre de motos;E-mail;Téléphone\r\nParis;Paris;01/01/2020;en camion;25;jean@;12\r\n',
    );
    expect(problems).toEqual([
      'formule\u00a0: «\u202fen camion\u202f» n\u2019est pas une formule\u202f; écrivez «\u202fmoto + pilote\u202f» ou «\u202fmoto seule\u202f».',
      'nombre de motos\u00a0: «\u202f25\u202f» doit être un nombre entier de 1 à 20.',
      'départ et arrivée sont tous deux «\u202fParis\u202f»\u202f; le départ et l\u2019arrivée doivent être des villes différentes.',
      'date 01/01/2020 est passée (nous sommes le 23/11/2026)\u202f; choisissez aujourd\u2019hui ou une date à venir.',
      'e-mail\u00a0: «\u202fjean@\u202f» n\u2019est pas une adresse e-mail\u202f; écrivez-la comme nom@exemple.fr.',
      'téléphone\u00a0: «\u202f12\u202f» n\u2019est pas un numéro de téléphone\u202f; écrivez-le comme 06 12 34 56 78 ou +33 6 12 34 56 78.',
    ]);
    for (const problem of problems) expect(problem).not.toMatch(/\b(is|not|must|write|the)\b/);
  });

  it('says a date it cannot read, a missing column and the notes in French', () => {
    expect(problemsOf('Départ;Arrivée;Date;Formule\r\nParis;Lyon;le 32;moto seule\r\n')).toEqual([
      'date\u00a0: «\u202fle 32\u202f» n\u2019est pas une date\u202f; écrivez-la 07/12/2026, 7 déc. 2026 ou 2026-12-07.',
    ]);
    expect(problemsOf('Départ;Arrivée;Date\r\nParis;Lyon;07/12/2026\r\n')).toEqual(['il manque la colonne formule.']);
    const notes: string[] = [];
    const [row] = readRequestFile('Départ;Arrivée;Date;Formule;Agent\r\nParis;Lyon;46363;moto seule;Léa\r\n', 'f', {
      ...fr,
      note: (text) => notes.push(text),
    });
    expect(notes).toEqual([
      'f\u00a0: la colonne «\u202fAgent\u202f» n\u2019est pas lue (pas une colonne de demande)\u202f; mise de côté, absente des brouillons.',
    ]);
    expect(row?.ok && row.notes).toEqual([
      'date\u00a0: 46363 se lit 07/12/2026 (un numéro de jour de tableur\u202f; mettez la colonne au format date).',
    ]);
  });
});
