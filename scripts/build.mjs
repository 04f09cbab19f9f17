// Builds dist/: the CLI (dist/cli.cjs and dist/app.cjs), the library (three entries, as ES modules code
// split and as one CommonJS bundle each), its type declarations (dist/types/, .d.ts and .d.cts) and the
// pre-rendered help. Dependencies are bundled so start-up resolves no node_modules paths.
import { build as esbuild } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEPARATE_ENTRIES, VENDOR_BUNDLES, appBundle, separateEntries, vendorBundles } from './esbuild-plugins.mjs';
import { recordBundle, writeThirdPartyNotices } from './third-party-notices.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync('dist', { recursive: true, force: true });

// Every package is bundled (the published package has no dependencies: `npm i motoroute` installs it
// alone), so the audit of what ships reads this list of the packages the bundles hold (scripts/audit.mjs).
const bundledPackages = new Set();
const build = async (options) => {
  const result = await esbuild({ ...options, metafile: true });
  recordBundle(result.metafile);
  for (const input of Object.keys(result.metafile.inputs)) {
    const match = /(?:^|.*\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) bundledPackages.add(match[1]);
  }
  return result;
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22.19',
  minifySyntax: true,
  define: { MOTOROUTE_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

// The library's entries (package.json "exports"): `motoroute`, `motoroute/booking`, `motoroute/server`.
const LIBRARY_ENTRIES = { index: 'src/index.ts', booking: 'src/booking/index.ts', server: 'src/server/public.ts' };

// For `import`: ES modules, code split, so that an entry loads only what it uses. `motoroute` and
// `motoroute/booking` run on any runtime (Node, Deno, Bun, workers, browsers): built for a neutral platform,
// a Node-only import fails the build instead of reaching users. `motoroute/server` is Node's (node:http).
const { server: serverEntry, ...portableEntries } = LIBRARY_ENTRIES;
await build({
  ...common,
  platform: 'neutral',
  target: ['node22.19', 'es2022'],
  entryPoints: portableEntries,
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
});
await build({
  ...common,
  entryPoints: { server: serverEntry },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
});
// For `require`: one CommonJS bundle per entry (dist/<entry>.cjs).
for (const [name, entry] of Object.entries(LIBRARY_ENTRIES)) {
  await build({
    ...common,
    entryPoints: [entry],
    outfile: `dist/${name}.cjs`,
    format: 'cjs',
    define: { ...common.define, 'import.meta.url': '__importMetaUrl' },
    banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
}

// The CLI is CommonJS, and each of its bundles is loaded by require() with Node's compile cache (src/cli/startup/
// compile-cache.ts). Its bundles: dist/cli.cjs, the entry, which answers --version and --help alone and loads the
// app only for a command; dist/app.cjs, the command runner with what it loads; the separate layers of rarely run
// commands (SEPARATE_ENTRIES) and dist/vendor/, packages of rarely run commands.
const commonJs = {
  ...common,
  format: 'cjs',
  // One non-ASCII character makes V8 hold the whole source as UTF-16 (twice the bytes to scan and hash at each
  // load). esbuild escapes strings but keeps comments and regular expressions as written: assertAscii below.
  minifyWhitespace: true,
  legalComments: 'external',
  // import.meta.url is worked out when first read (node:url's pathToFileURL costs a run ~0.2 ms); dirname is free.
  define: { ...common.define, 'import.meta.url': '__importMeta.url', 'import.meta.dirname': '__dirname' },
  banner: { js: "const __importMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
  // import() of a sibling bundle becomes require(): import() from CommonJS would start the ES module loader for it.
  supported: { 'dynamic-import': false },
};
const assertAscii = (name) => {
  const nonAscii = /[^\x00-\x7f].{0,40}/.exec(readFileSync(join('dist', name), 'latin1'));
  if (nonAscii) throw new Error(`dist/${name} must be ASCII; write this character as an escape: ${nonAscii[0]}`);
};
await build({
  ...commonJs,
  entryPoints: ['src/cli/run-command.ts'],
  outfile: 'dist/app.cjs',
  plugins: [vendorBundles, separateEntries],
});
assertAscii('app.cjs');
// Other packages' code is read by no one here: names shortened too (their own names kept, for errors and classes).
for (const { file, exports } of Object.values(VENDOR_BUNDLES)) {
  await build({
    ...commonJs,
    minify: true,
    keepNames: true,
    stdin: { contents: `module.exports = ${exports};`, resolveDir: '.', loader: 'js' },
    outfile: join('dist', file),
  });
}
// The MCP server and the local service are mostly their SDKs' and frameworks' code: shortened like the vendor bundles.
for (const [entry, file] of Object.entries(SEPARATE_ENTRIES)) {
  await build({
    ...commonJs,
    minify: true,
    keepNames: true,
    entryPoints: [entry],
    outfile: join('dist', file),
    plugins: [vendorBundles],
  });
  assertAscii(file);
}
await build({ ...commonJs, entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.cjs', plugins: [appBundle] });
assertAscii('cli.cjs');

// The desk's page (`motoroute desk`): its script for the browser, its HTML and CSS as written; nothing from elsewhere.
await build({
  ...common,
  platform: 'browser',
  target: 'es2022',
  format: 'esm',
  entryPoints: ['src/desk/page/desk.ts'],
  outfile: 'dist/desk/desk.js',
  // Sent to the browser on every first load: as small as it gets.
  minify: true,
});
for (const file of ['index.html', 'desk.css']) copyFileSync(join('src/desk/page', file), join('dist/desk', file));

writeFileSync('.bundled-packages.json', `${JSON.stringify([...bundledPackages].sort(), null, 2)}\n`);
writeThirdPartyNotices();

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
writeCommonJsDeclarations('dist/types');
// The help is rendered by the program itself, bundled like the CLI and run once from dist/ (tsx is for
// `npm run dev` only: it would leave its transform cache in the temp folder, os.tmpdir()/tsx-<uid>).
const renderer = 'dist/render-help.tmp.mjs';
await build({
  ...common,
  entryPoints: ['scripts/render-help.ts'],
  outfile: renderer,
  format: 'esm',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
try {
  execFileSync(process.execPath, [renderer], { stdio: 'inherit' });
} finally {
  rmSync(renderer, { force: true });
}

/**
 * The library's types for `require`: each declaration file again as .d.cts, its relative imports
 * pointing at .cjs, so that TypeScript reads the CommonJS entries as CommonJS (not ESM in disguise).
 */
function writeCommonJsDeclarations(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, 'utf8').replace(
      /((?:from|import\()\s*['"]\.{1,2}\/[^'"]*?)\.js(['"])/g,
      '$1.cjs$2',
    );
    writeFileSync(path.replace(/\.d\.ts$/, '.d.cts'), text);
  }
}
