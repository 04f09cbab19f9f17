/** What reading a file of rows says (its refusals and notes), per language. */
export const TABLE_FILE_WORDS = {
  en: {
    where: (option: string, source: string) => `${option}: ${source}`,
    /** What the desk's page calls an uploaded file, in place of a flag. */
    fileLabel: 'file',
    mebibytes: (size: string) => `${size} MiB`,
    kibibytes: (size: number) => `${size} KiB`,
    accepted: 'a CSV or text file (, ; or tab between values), NDJSON, an .xlsx or .ods spreadsheet',
    textFile: 'a text file',
    lockFile: (where: string) =>
      `${where} is the lock file a spreadsheet program keeps while a workbook is open, not the workbook; give the workbook itself (its name without ~$ or .~lock.).`,
    looksLike: (where: string, looksLike: string, wanted: string) =>
      `${where} looks like ${looksLike}; give ${wanted}.`,
    spreadsheetNotText: (where: string, format: string) =>
      `${where} is a spreadsheet (.${format}); save it as CSV first.`,
    firstSheet: (source: string, sheet: string, sheets: number) =>
      `${source}: read the first sheet, \u201c${sheet}\u201d, of ${sheets}.`,
    windows1252: (source: string) =>
      `${source}: read as Windows-1252 (it is not UTF-8); if accents look wrong, give --encoding.`,
    cannotRead: (where: string, file: string, reason: string) => `${where}: cannot read ${file} (${reason}).`,
    noSuchFile: 'no such file',
    directory: 'it is a directory',
    denied: 'permission denied',
    fifo: 'a FIFO (a pipe)',
    device: 'a device',
    socket: 'a socket',
    irregular: 'not a regular file',
    notRegular: (where: string, file: string, what: string) =>
      `${where}: ${file} is ${what}, not a regular file; save the requests to a file and give that (or - to read stdin).`,
    moreThan: (size: string) => `more than ${size}`,
    tooLarge: (where: string, source: string, size: string, limit: string) =>
      `${where}: ${source} is ${size}, more than the ${limit} motoroute reads in one file of rows; split it into smaller files.`,
    cannotOpen: (source: string) =>
      `${source}: the spreadsheet cannot be opened (damaged, or protected by a password); save it again, or as CSV.`,
    noSheet: (source: string) => `${source}: the spreadsheet has no sheet.`,
    tooManyRows: (source: string, rows: number) =>
      `${source}: the sheet has more than ${rows.toLocaleString('en')} rows (empty rows at the end count when they were formatted); split it, or delete the rows past the requests.`,
    lyingPart: (source: string, part: string, declared: string) =>
      `${source}: the workbook's part ${part} unpacks to more than the ${declared} it declares; it is damaged or built to harm, and is not opened.`,
    cutShort: (source: string) =>
      `${source}: the workbook is incomplete (cut short: a copy or a download that stopped?); save it again, or as CSV.`,
    over4GiB: 'more than 4 GiB',
    unpacksTo: (source: string, size: string, limit: string) =>
      `${source}: the workbook unpacks to ${size}, more than the ${limit} a workbook of requests may hold; it is not opened (save the sheet as CSV, or split it).`,
  },
  fr: {
    where: (option: string, source: string) => `${option}\u00a0: ${source}`,
    fileLabel: 'fichier',
    mebibytes: (size: string) => `${size.replace('.', ',')}\u00a0Mio`,
    kibibytes: (size: number) => `${size}\u00a0Kio`,
    accepted:
      'un fichier CSV ou texte (valeurs séparées par , ; ou une tabulation), du NDJSON, un classeur .xlsx ou .ods',
    textFile: 'un fichier texte',
    lockFile: (where: string) =>
      `${where} est le fichier de verrou qu\u2019un tableur garde pendant qu\u2019un classeur est ouvert, pas le classeur\u202f; donnez le classeur lui-même (son nom sans ~$ ni .~lock.).`,
    looksLike: (where: string, looksLike: string, wanted: string) =>
      `${where} ressemble à ${LOOKS_LIKE_FR[looksLike] ?? looksLike}\u202f; donnez ${wanted}.`,
    spreadsheetNotText: (where: string, format: string) =>
      `${where} est un classeur (.${format})\u202f; enregistrez-le d\u2019abord en CSV.`,
    firstSheet: (source: string, sheet: string, sheets: number) =>
      `${source}\u00a0: lu la première feuille, «\u202f${sheet}\u202f», sur ${sheets}.`,
    windows1252: (source: string) =>
      `${source}\u00a0: lu en Windows-1252 (ce n\u2019est pas de l\u2019UTF-8)\u202f; si les accents sont faux, précisez --encoding.`,
    cannotRead: (where: string, file: string, reason: string) =>
      `${where}\u00a0: impossible de lire ${file} (${reason}).`,
    noSuchFile: 'fichier introuvable',
    directory: 'c\u2019est un dossier',
    denied: 'accès refusé',
    fifo: 'un tube (FIFO)',
    device: 'un périphérique',
    socket: 'une socket',
    irregular: 'un fichier spécial',
    notRegular: (where: string, file: string, what: string) =>
      `${where}\u00a0: ${file} est ${what}, pas un fichier ordinaire\u202f; enregistrez les demandes dans un fichier et donnez celui-ci (ou - pour lire l\u2019entrée standard).`,
    moreThan: (size: string) => `plus de ${size}`,
    tooLarge: (where: string, source: string, size: string, limit: string) =>
      `${where}\u00a0: ${source} fait ${size}, plus que les ${limit} que motoroute lit dans un fichier de lignes\u202f; découpez-le en fichiers plus petits.`,
    cannotOpen: (source: string) =>
      `${source}\u00a0: le classeur ne peut pas être ouvert (abîmé, ou protégé par un mot de passe)\u202f; enregistrez-le à nouveau, ou en CSV.`,
    noSheet: (source: string) => `${source}\u00a0: le classeur n\u2019a aucune feuille.`,
    tooManyRows: (source: string, rows: number) =>
      `${source}\u00a0: la feuille a plus de ${rows.toLocaleString('fr').replace(/\s/g, '\u202f')} lignes (les lignes vides mises en forme à la fin comptent)\u202f; découpez-la, ou supprimez les lignes après les demandes.`,
    lyingPart: (source: string, part: string, declared: string) =>
      `${source}\u00a0: la partie ${part} du classeur se décompresse en plus des ${declared} annoncés\u202f; il est abîmé ou fait pour nuire, et n\u2019est pas ouvert.`,
    cutShort: (source: string) =>
      `${source}\u00a0: le classeur est incomplet (coupé\u00a0: une copie ou un téléchargement interrompu\u202f?)\u202f; enregistrez-le à nouveau, ou en CSV.`,
    over4GiB: 'plus de 4 Gio',
    unpacksTo: (source: string, size: string, limit: string) =>
      `${source}\u00a0: le classeur se décompresse en ${size}, plus que les ${limit} qu\u2019un classeur de demandes peut contenir\u202f; il n\u2019est pas ouvert (enregistrez la feuille en CSV, ou découpez-la).`,
  },
};

/** What a file looks like (domain/file-kind.ts names it in English), in French. */
const LOOKS_LIKE_FR: Readonly<Record<string, string>> = {
  'a PDF document': 'un document PDF',
  'an RTF document': 'un document RTF',
  'a PNG image': 'une image PNG',
  'a JPEG image': 'une image JPEG',
  'a GIF image': 'une image GIF',
  'a gzip archive': 'une archive gzip',
  'a RAR archive': 'une archive RAR',
  'a 7-Zip archive': 'une archive 7-Zip',
  'a binary file, not text': 'un fichier binaire, pas du texte',
  'an OpenDocument text (.odt), not a spreadsheet': 'un texte OpenDocument (.odt), pas un classeur',
  'a Word document (.docx), not a spreadsheet': 'un document Word (.docx), pas un classeur',
  'a PowerPoint presentation (.pptx)': 'une présentation PowerPoint (.pptx)',
  'a zip archive': 'une archive zip',
  'a password-protected Office file (remove the password, or save it as CSV)':
    'un fichier Office protégé par un mot de passe (retirez le mot de passe, ou enregistrez-le en CSV)',
  'a Word 97-2003 document (.doc), not a spreadsheet': 'un document Word 97-2003 (.doc), pas un classeur',
  'an Excel 97-2003 workbook (.xls: save it as .xlsx or CSV)':
    'un classeur Excel 97-2003 (.xls\u00a0: enregistrez-le en .xlsx ou en CSV)',
  'an Office 97-2003 file that is not a spreadsheet': 'un fichier Office 97-2003 qui n\u2019est pas un classeur',
};

/** The language a file of rows is read in. */
export type FileLang = keyof typeof TABLE_FILE_WORDS;
