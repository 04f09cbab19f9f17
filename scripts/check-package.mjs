// `npm run check:package` (CI): packs the built project as `npm publish` would and checks the tarball:
// only what runs (the launcher, dist/, the docs), a size budget, then publint and arethetypeswrong
// (`attw`) on it, each failing on any problem. Run after `npm run build`; packing runs no scripts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOTICES_FILE, noticeProblems } from './third-party-notices.mjs';

/**
 * Budget of the packed tarball (gzip), in bytes: 1.05 MB at issue 17, mostly the CLI's and the client's bundled
 * dependencies; 1.5 MB with SheetJS (the desk's .xlsx and .ods, 166 kB gzipped) and the MCP server's HTTP transport,
 * now that every dependency ships inside the package. The library's entries no longer carry undici (they send
 * through fetch); only the watch's alerts do. 1.65 MB with the MCP SDK v2 (two protocols, and its JSON Schema
 * validator, which the package loads with its server), the desk's page and its zip writer; the vendor bundles, the
 * MCP server and the local service are minified to stay within it. 1.70 MB with the desk's day in French
 * (book's catalogues, civility and references, the interactive day's trips) and the listing narrowed through the
 * batch endpoint: 1.6496 MB at that change, so the next one would not fit. The next saving to look at: the watch's
 * alerts still carry undici (761 kB unpacked) for one POST.
 */
const MAX_PACKED_BYTES = 1_700_000;
/** What may ship: the launcher, the bundles with their types, help and licences, the desk page, and the package's own files. */
const SHIPPED =
  /^(package\.json|README\.md|LICENSE|bin\/motoroute\.cjs|dist\/.+\.(c?js|d\.c?ts|json|LEGAL\.txt)|dist\/THIRD-PARTY-NOTICES\.txt|dist\/desk\/(index\.html|desk\.css))$/;

const problems = [];
const dir = mkdtempSync(join(tmpdir(), 'motoroute-pack-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { encoding: 'utf8' }),
  );
  const tarball = join(dir, packed.filename);
  const unexpected = packed.files.map((file) => file.path).filter((path) => !SHIPPED.test(path));
  if (unexpected.length > 0) problems.push(`files that do not run are packed: ${unexpected.slice(0, 10).join(', ')}`);
  if (!packed.files.some((file) => file.path === 'dist/index.cjs'))
    problems.push('dist/ is not built: run `npm run build` first');
  // The licences: the project's own, and the notices naming every package the bundles hold (the build's list).
  for (const required of ['LICENSE', NOTICES_FILE]) {
    if (!packed.files.some((file) => file.path === required)) problems.push(`${required} is not in the tarball`);
  }
  if (packed.files.some((file) => file.path === NOTICES_FILE)) {
    const notices = execFileSync('tar', ['-xzOf', tarball, `package/${NOTICES_FILE}`], { encoding: 'utf8' });
    const bundled = JSON.parse(readFileSync('.bundled-packages.json', 'utf8'));
    problems.push(...noticeProblems(notices, bundled));
  }
  const kB = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
  process.stdout.write(
    `${packed.filename}: ${packed.entryCount} files, ${kB(packed.size)} packed, ${kB(packed.unpackedSize)} unpacked (budget ${kB(MAX_PACKED_BYTES)} packed)\n`,
  );
  if (packed.size > MAX_PACKED_BYTES)
    problems.push(
      `the tarball is ${kB(packed.size)}, over the budget of ${kB(MAX_PACKED_BYTES)} (scripts/check-package.mjs)`,
    );

  for (const [name, args] of [
    ['publint', ['node_modules/publint/src/cli.js', 'run', tarball, '--strict']],
    ['attw', ['node_modules/@arethetypeswrong/cli/dist/index.js', tarball, '--format', 'ascii']],
  ]) {
    try {
      process.stdout.write(
        execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
      );
    } catch (error) {
      process.stdout.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
      problems.push(`${name} found problems (above)`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (problems.length > 0) {
  process.stderr.write(`Package check failed:\n${problems.map((problem) => `- ${problem}\n`).join('')}`);
  process.exitCode = 1;
} else {
  process.stdout.write('Package check passed: contents, licences, size, publint, attw.\n');
}
