// The third-party notices of the published package (dist/THIRD-PARTY-NOTICES.txt): every package whose code the
// bundles hold, with its version, its licence and the licence text it ships. Made at build time from esbuild's
// metafiles (what the bundles really hold, nested copies of other versions included), never from a list kept by
// hand; checked on the packed tarball by scripts/check-package.mjs and test/e2e/package.test.ts.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the notices are written, in dist/ (shipped by package.json's "files"). */
export const NOTICES_FILE = 'dist/THIRD-PARTY-NOTICES.txt';

const RULE = '='.repeat(80);
/** A licence file, as packages name them: LICENSE, LICENCE.md, LICENSE-MIT, COPYING, … */
const LICENCE_FILE = /^(licen[cs]e|copying)([.-].*)?$/i;

/** The package directories the bundles built so far hold (relative to the project, e.g. node_modules/a/node_modules/b). */
const bundledDirs = new Set();

/**
 * Notes the packages an esbuild build holds, from its metafile's inputs: a file under node_modules belongs to the
 * package of the last node_modules/<name> (or <@scope/name>) in its path. A plugin's namespace prefix (`ns:`) is
 * left out.
 */
export function recordBundle(metafile) {
  for (const input of Object.keys(metafile.inputs)) {
    const path = input.replace(/^[\w-]+:(?!\/\/)/, '');
    const matches = [...path.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
    const last = matches.at(-1);
    if (last) bundledDirs.add(path.slice(0, last.index + last[0].length));
  }
}

/** A package.json's licence, as SPDX says it: `license`, or the old `licenses` list. */
function licenceOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license && typeof manifest.license.type === 'string') return manifest.license.type;
  if (Array.isArray(manifest.licenses)) return manifest.licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return 'UNKNOWN';
}

/** A package's repository or home page, to say where its source is. */
function sourceOf(manifest) {
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return (repository ?? manifest.homepage ?? '').replace(/^git\+/, '');
}

/** One package's notice: its name, version, licence, source and licence texts. */
function noticeOf(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const files = readdirSync(dir)
    .filter((name) => LICENCE_FILE.test(name))
    .sort();
  return {
    name: manifest.name,
    version: manifest.version,
    licence: licenceOf(manifest),
    source: sourceOf(manifest),
    texts: files.map((name) => readFileSync(join(dir, name), 'utf8').trim()),
  };
}

/**
 * Writes the notices of every package recorded so far to `file` (NOTICES_FILE by default) and returns them. A
 * package that ships no licence text is named with its declared licence, and said on stderr.
 */
export function writeThirdPartyNotices(file = NOTICES_FILE) {
  const notices = [...bundledDirs]
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map(noticeOf)
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
    .filter(
      (notice, index, all) =>
        index === 0 || notice.name !== all[index - 1].name || notice.version !== all[index - 1].version,
    );
  const withoutText = notices.filter((notice) => notice.texts.length === 0);
  if (withoutText.length > 0) {
    process.stderr.write(
      `third-party notices: no licence file in ${withoutText.map((notice) => `${notice.name}@${notice.version}`).join(', ')}; named with the licence its package.json declares\n`,
    );
  }
  const sections = notices.map((notice) =>
    [
      RULE,
      heading(notice.name, notice.version),
      `License: ${notice.licence}`,
      ...(notice.source ? [`Source: ${notice.source}`] : []),
      '',
      notice.texts.length > 0
        ? notice.texts.join('\n\n')
        : `This package ships no licence text; its package.json declares the licence ${notice.licence}.`,
      '',
    ].join('\n'),
  );
  const text = [
    'THIRD-PARTY NOTICES',
    '',
    `motoroute's bundles (dist/) contain code of the ${notices.length} packages below, each under its own licence,`,
    'whose text follows its name as the package ships it. motoroute itself is under the MIT licence (LICENSE).',
    '',
    ...notices.map((notice) => `- ${notice.name} ${notice.version} (${notice.licence})`),
    '',
    ...sections,
  ].join('\n');
  writeFileSync(file, text);
  return notices;
}

/** A section's heading line: the package's name and version. */
function heading(name, version) {
  return `${name} ${version}`;
}

/**
 * What is wrong with notices `text` for the bundled packages `names`: each must have a section (its heading, then
 * a `License:` line) with a licence text. Returns one line a problem; none when all is well.
 */
export function noticeProblems(text, names) {
  const problems = [];
  const sections = text.split(`${RULE}\n`).slice(1);
  for (const name of names) {
    const own = sections.filter((section) => section.startsWith(`${name} `) && /^\S+ \S+\nLicense: \S/.test(section));
    if (own.length === 0) problems.push(`${name} is bundled but has no section in the third-party notices`);
    for (const section of own) {
      const body = section.split('\n\n').slice(1).join('\n\n').trim();
      if (body === '') problems.push(`${section.split('\n')[0]} has no licence text in the third-party notices`);
    }
  }
  return problems;
}
