import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from 'vitest';

/**
 * Every .eml draft of a folder parsed by a real mail parser (mailparser), by file name; fails the test when one holds
 * U+FFFD, in its bytes read as UTF-8 or in its decoded subject and text (a name the reading of a file mangled).
 */
export async function parseCleanDrafts(folder: string): Promise<Map<string, ParsedMail>> {
  const drafts = new Map<string, ParsedMail>();
  for (const name of readdirSync(folder).sort()) {
    const bytes = readFileSync(join(folder, name));
    const mail = await simpleParser(bytes);
    expect(bytes.toString('utf8'), name).not.toContain('\ufffd');
    expect(`${mail.subject ?? ''}\n${mail.text ?? ''}`, name).not.toContain('\ufffd');
    expect(mail.headers.get('x-unsent'), name).toBe('1');
    drafts.set(name, mail);
  }
  return drafts;
}
