/** What a file of requests is, read from its first bytes: text, a spreadsheet to open, or something else, named. */
export type FileKind =
  | { kind: 'text' }
  | { kind: 'spreadsheet'; format: 'xlsx' | 'ods' }
  | { kind: 'other'; looksLike: string };

const ODS_MIME = 'mimetypeapplication/vnd.oasis.opendocument.spreadsheet';

/**
 * Tells a text file from a spreadsheet (.xlsx, .ods) and from the files a desk may pick by mistake
 * (a PDF, a Word document, an image, an archive), by their bytes, not their name. `utf16` says the text is expected
 * in UTF-16, whose NUL bytes are then no sign of a binary file.
 */
export function sniffFileKind(bytes: Uint8Array, utf16 = false): FileKind {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString('latin1');
  if (head.startsWith('PK\u0003\u0004'))
    return zipKind(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'));
  if (head.startsWith('\u00d0\u00cf\u0011\u00e0\u00a1\u00b1\u001a\u00e1'))
    return oleKind(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  const named = SIGNATURES.find(([signature]) => head.startsWith(signature));
  if (named) return { kind: 'other', looksLike: named[1] };
  const unicode = utf16 || head.startsWith('\u00ff\u00fe') || head.startsWith('\u00fe\u00ff');
  if (!unicode && head.includes('\u0000')) return { kind: 'other', looksLike: 'a binary file, not text' };
  return { kind: 'text' };
}

const SIGNATURES: readonly (readonly [string, string])[] = [
  ['%PDF', 'a PDF document'],
  ['{\\rtf', 'an RTF document'],
  ['\u0089PNG', 'a PNG image'],
  ['\u00ff\u00d8\u00ff', 'a JPEG image'],
  ['GIF8', 'a GIF image'],
  ['\u001f\u008b', 'a gzip archive'],
  ['Rar!', 'a RAR archive'],
  ['7z\u00bc\u00af', 'a 7-Zip archive'],
];

// A zip holds an Office Open XML document, an OpenDocument, or anything else: its file names say which.
function zipKind(content: string): FileKind {
  // The mimetype entry comes first and unpacked in a conforming OpenDocument; some writers put it elsewhere.
  if (content.includes(ODS_MIME)) return { kind: 'spreadsheet', format: 'ods' };
  if (content.includes('mimetypeapplication/vnd.oasis.opendocument.text'))
    return { kind: 'other', looksLike: 'an OpenDocument text (.odt), not a spreadsheet' };
  if (content.includes('xl/workbook.')) return { kind: 'spreadsheet', format: 'xlsx' };
  if (content.includes('word/document.xml'))
    return { kind: 'other', looksLike: 'a Word document (.docx), not a spreadsheet' };
  if (content.includes('ppt/presentation.xml'))
    return { kind: 'other', looksLike: 'a PowerPoint presentation (.pptx)' };
  return { kind: 'other', looksLike: 'a zip archive' };
}

// Office 97-2003 files share one container; the name of the main stream (UTF-16 in its directory) tells them apart.
function oleKind(content: Buffer): FileKind {
  // An .xlsx or .docx with a password is an encrypted package inside this same container.
  if (content.includes(Buffer.from('EncryptedPackage', 'utf16le')))
    return { kind: 'other', looksLike: 'a password-protected Office file (remove the password, or save it as CSV)' };
  if (content.includes(Buffer.from('WordDocument', 'utf16le')))
    return { kind: 'other', looksLike: 'a Word 97-2003 document (.doc), not a spreadsheet' };
  if (content.includes(Buffer.from('Workbook', 'utf16le')) || content.includes(Buffer.from('Book', 'utf16le'))) {
    return { kind: 'other', looksLike: 'an Excel 97-2003 workbook (.xls: save it as .xlsx or CSV)' };
  }
  return { kind: 'other', looksLike: 'an Office 97-2003 file that is not a spreadsheet' };
}
