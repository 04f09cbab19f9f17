// Builds dist/: the CLI (dist/cli.cjs and dist/app.cjs), the library (three entries, as ES modules code
// split and as one CommonJS bundle each), its type declarations (dist/types/, .d.ts and .d.cts) and the
// pre-rendered help. Dependencies are bundled so start-up resolves no node_modules paths.
import { build as esbuild } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  LLHTTP_FILES,
  SEPARATE_ENTRIES,
  VENDOR_BUNDLES,
  lazyAjvProvider,
  lazyAssert,
  lazyChildProcess,
  lazyHttp2Client,
  llhttpBytesAsFiles,
  separateEntries,
  undiciWithoutFetchBodies,
  undiciWithoutNodeHttp,
  vendorBundles,
} from './esbuild-plugins.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync('dist', { recursive: true, force: true });

// Every package is bundled (the published package has no dependencies: `npm i motoroute` installs it
// alone), so the audit of what ships reads this list of the packages the bundles hold (scripts/audit.mjs).
const bundledPackages = new Set();
const build = async (options) => {
  const result = await esbuild({ ...options, metafile: true });
  for (const input of Object.keys(result.metafile.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
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

// The CLI is CommonJS: Node 20 can give a CommonJS script a V8 code cache, which spares each run
// parsing and compiling the app (~40 ms of a search), and an ES module none (src/cli/startup/code-cache.ts).
// Its bundles: dist/cli.cjs, the entry, which answers --version and --help alone and loads the app
// only for a command; dist/app.cjs, the command runner with what it loads; dist/vendor/, packages
// of rarely run commands.
const commonJs = {
  ...common,
  format: 'cjs',
  // One non-ASCII character makes V8 hold the whole source as UTF-16: reading dist/app.cjs took
  // 12 ms instead of 2. esbuild escapes strings but keeps comments and regular expressions as written.
  minifyWhitespace: true,
  legalComments: 'external',
  // import.meta.url is worked out when first read (node:url's pathToFileURL costs a run ~0.2 ms); dirname is free.
  define: { ...common.define, 'import.meta.url': '__importMeta.url', 'import.meta.dirname': '__dirname' },
  banner: { js: "const __importMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
  // import() becomes require(): a classic script has no import(), and the code cache is for one.
  supported: { 'dynamic-import': false },
};
// The start-up path, read by every run, also gets short names: a search's source and code cache are a third and a
// tenth smaller (~0.5 ms). So nothing may read a function's or class's name there: errors have explicit names
// (src/errors.ts), and src/cli/process.ts recognises undici's assertion by a method's name and Node's frames.
const startupPath = { ...commonJs, minifyIdentifiers: true };
const app = await build({
  ...startupPath,
  entryPoints: ['src/cli/run-command.ts'],
  outfile: 'dist/app.cjs',
  plugins: [
    lazyChildProcess,
    lazyHttp2Client,
    lazyAssert,
    llhttpBytesAsFiles,
    undiciWithoutNodeHttp,
    undiciWithoutFetchBodies,
    vendorBundles,
    separateEntries,
  ],
  write: false,
});
const appCode = app.outputFiles.find((file) => file.path.endsWith('.cjs')).contents;
// src/cli/startup/code-cache.ts reads the bundles it compiles as Latin-1, a plain copy (a third faster than
// decoding UTF-8), which is only right for ASCII.
const assertAscii = (code, name) => {
  const nonAscii = /[^\x00-\x7f].{0,40}/.exec(Buffer.from(code).toString('latin1'));
  if (nonAscii) throw new Error(`dist/${name} must be ASCII; write this character as an escape: ${nonAscii[0]}`);
};
assertAscii(appCode, 'app.cjs');
// A code cache is compiled bytecode for one exact source: the app's digest names the caches.
const appId = createHash('sha256').update(appCode).digest('hex').slice(0, 16);
mkdirSync('dist', { recursive: true });
for (const file of app.outputFiles) writeFileSync(file.path, file.contents);
const requireFromHere = createRequire(import.meta.url);
for (const [module, file] of Object.entries(LLHTTP_FILES)) {
  mkdirSync(dirname(join('dist', file)), { recursive: true });
  writeFileSync(join('dist', file), requireFromHere(`undici/lib/llhttp/${module}`));
}
for (const { file, exports } of Object.values(VENDOR_BUNDLES)) {
  await build({
    ...commonJs,
    stdin: { contents: `module.exports = ${exports};`, resolveDir: '.', loader: 'js' },
    outfile: join('dist', file),
  });
}
// Each separate bundle's digest names its code caches, as the app's does.
const bundleIds = {};
for (const [entry, file] of Object.entries(SEPARATE_ENTRIES)) {
  await build({
    ...commonJs,
    entryPoints: [entry],
    outfile: join('dist', file),
    plugins: [undiciWithoutNodeHttp, undiciWithoutFetchBodies, vendorBundles, lazyAjvProvider],
  });
  const code = readFileSync(join('dist', file));
  assertAscii(code, file);
  bundleIds[file] = createHash('sha256').update(code).digest('hex').slice(0, 16);
}
await build({
  ...startupPath,
  entryPoints: ['src/cli/cli.ts'],
  outfile: 'dist/cli.cjs',
  define: {
    ...commonJs.define,
    MOTOROUTE_APP_ID: JSON.stringify(appId),
    MOTOROUTE_BUNDLE_IDS: JSON.stringify(bundleIds),
  },
});

writeFileSync('.bundled-packages.json', `${JSON.stringify([...bundledPackages].sort(), null, 2)}\n`);

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
