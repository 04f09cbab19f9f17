import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { noticeProblems, recordBundle, writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';

// The notices are made from what esbuild says a bundle took in: a node_modules of made-up packages stands in for
// the real one, nested copies and scoped names included.

const root = mkdtempSync(join(tmpdir(), 'motoroute-notices-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a package at `dir` with `manifest` and files (name → text). */
function writePackage(dir: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'index.js'), 'module.exports = 1;\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

const modules = join(root, 'node_modules');
writePackage(join(modules, 'alpha'), { name: 'alpha', version: '1.0.0', license: 'MIT' }, { LICENSE: 'MIT, alpha' });
writePackage(
  join(modules, '@scope', 'beta'),
  { name: '@scope/beta', version: '2.1.0', license: { type: 'Apache-2.0' }, repository: { url: 'git+https://x/b' } },
  { 'LICENSE.md': 'Apache, beta', 'COPYING-extra': 'more, beta' },
);
writePackage(join(modules, 'gamma'), { name: 'gamma', version: '1.0.0', license: 'ISC' }, { LICENCE: 'ISC, gamma 1' });
writePackage(
  join(modules, 'alpha', 'node_modules', 'gamma'),
  { name: 'gamma', version: '2.0.0', licenses: [{ type: 'MIT' }, { type: 'BSD-2-Clause' }] },
  { 'license-mit': 'MIT, gamma 2' },
);
writePackage(join(modules, 'delta'), { name: 'delta', version: '0.1.0', license: 'BSD-3-Clause' });
writePackage(join(modules, 'unbundled'), { name: 'unbundled', version: '9.9.9', license: 'MIT' }, { LICENSE: 'no' });

describe('the third-party notices', () => {
  const file = join(root, 'NOTICES.txt');
  recordBundle({
    inputs: {
      'src/index.ts': {},
      [join(modules, 'alpha', 'index.js')]: {},
      [join(modules, '@scope', 'beta', 'index.js')]: {},
      [`some-plugin:${join(modules, 'gamma', 'index.js')}`]: {},
    },
  });
  recordBundle({
    inputs: {
      [join(modules, 'alpha', 'node_modules', 'gamma', 'index.js')]: {},
      [join(modules, 'alpha', 'index.js')]: {},
      [join(modules, 'delta', 'index.js')]: {},
    },
  });
  const written = writeThirdPartyNotices(file);
  const text = readFileSync(file, 'utf8');

  it('name every package the bundles took in, each version once, and none they did not', () => {
    expect(written.map((notice) => `${notice.name} ${notice.version} (${notice.licence})`)).toEqual([
      '@scope/beta 2.1.0 (Apache-2.0)',
      'alpha 1.0.0 (MIT)',
      'delta 0.1.0 (BSD-3-Clause)',
      'gamma 1.0.0 (ISC)',
      'gamma 2.0.0 (MIT OR BSD-2-Clause)',
    ]);
    expect(text).not.toContain('unbundled');
  });

  it('carry each licence text as the package ships it, and its source', () => {
    for (const shipped of ['MIT, alpha', 'Apache, beta', 'more, beta', 'ISC, gamma 1', 'MIT, gamma 2'])
      expect(text).toContain(shipped);
    expect(text).toContain('@scope/beta 2.1.0\nLicense: Apache-2.0\nSource: https://x/b\n');
    expect(text).toContain('delta 0.1.0\nLicense: BSD-3-Clause\n\nThis package ships no licence text');
  });

  it('pass the check for the packages bundled', () => {
    expect(noticeProblems(text, ['alpha', '@scope/beta', 'gamma', 'delta'])).toEqual([]);
  });

  it('fail the check when a bundled package has no section', () => {
    expect(noticeProblems(text, ['alpha', 'epsilon'])).toEqual([
      'epsilon is bundled but has no section in the third-party notices',
    ]);
    const withoutBeta = text.replace(/={80}\n@scope\/beta [\s\S]*?(?=={80}\n)/, '');
    expect(withoutBeta).not.toContain('Apache, beta');
    expect(noticeProblems(withoutBeta, ['alpha', '@scope/beta'])).toEqual([
      '@scope/beta is bundled but has no section in the third-party notices',
    ]);
    // A name in the summary list alone is not a section.
    expect(withoutBeta).toContain('- @scope/beta 2.1.0 (Apache-2.0)');
  });

  it('fail the check when a section has no licence text', () => {
    const empty = text.replace('MIT, alpha', '');
    expect(noticeProblems(empty, ['alpha'])).toEqual(['alpha 1.0.0 has no licence text in the third-party notices']);
  });
});
