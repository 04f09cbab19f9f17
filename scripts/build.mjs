// Builds dist/: the CLI (dist/cli.cjs and dist/app.cjs), the library (dist/index.js, code split) and its
// type declarations, and the pre-rendered help. Dependencies are bundled so start-up resolves no
// node_modules paths.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync('dist', { recursive: true, force: true });

// commander loads node:child_process at start-up for executable subcommands, which motoroute does
// not use: hand it a stand-in that loads the real module on first use (~3 ms of every run).
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'lazy' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });",
      loader: 'js',
    }));
  },
};

// undici loads its HTTP/2 client (and with it node:http2 and node:tls) when it loads its HTTP/1
// client, though motoroute never enables HTTP/2: defer it to the first HTTP/2 connection (~6 ms).
const lazyHttp2Client = {
  name: 'lazy-undici-h2',
  setup(build) {
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      /[\\/]undici[\\/]lib[\\/]dispatcher$/.test(args.resolveDir)
        ? { path: join(args.resolveDir, 'client-h2.js'), namespace: 'lazy-h2' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-h2' }, (args) => ({
      contents: `module.exports = (...args) => require(${JSON.stringify(args.path)})(...args);`,
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  minifySyntax: true,
  define: { MOTOROUTE_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

// The library (`import { RouteClient } from 'motoroute'`): ES modules, code split.
await build({
  ...common,
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies (undici) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

// The CLI is CommonJS: Node 20 can give a CommonJS script a V8 code cache, which spares each run
// parsing and compiling the app (~40 ms of a search), and an ES module none (src/startup/code-cache.ts).
// Its two bundles: dist/app.cjs, the command runner with everything it loads, and dist/cli.cjs, the
// entry, which answers --version and --help alone and loads the app only for a command.
const commonJs = {
  ...common,
  format: 'cjs',
  // One non-ASCII character makes V8 hold the whole source as UTF-16: reading dist/app.cjs took
  // 12 ms instead of 2. esbuild escapes strings but keeps comments and regular expressions as written.
  minifyWhitespace: true,
  legalComments: 'external',
  define: { ...common.define, 'import.meta.url': '__importMetaUrl' },
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};
const app = await build({
  ...commonJs,
  entryPoints: ['src/run-command.ts'],
  outfile: 'dist/app.cjs',
  plugins: [lazyChildProcess, lazyHttp2Client],
  write: false,
  metafile: true,
});
const appCode = app.outputFiles.find((file) => file.path.endsWith('.cjs')).contents;
const nonAscii = /[^\x00-\x7f].{0,40}/.exec(Buffer.from(appCode).toString('latin1'));
if (nonAscii) throw new Error(`dist/app.cjs must be ASCII; write this character as an escape: ${nonAscii[0]}`);
// A code cache is compiled bytecode for one exact source: the app's digest names the caches.
const appId = createHash('sha256').update(appCode).digest('hex').slice(0, 16);
// The app runs as a classic script, which cannot import(): esbuild bundles every import() of our
// modules, but leaves those of Node built-ins (import them statically, from a module loaded lazily).
const strays = Object.values(app.metafile.outputs).flatMap((output) => output.imports).filter((entry) => entry.kind === 'dynamic-import');
if (strays.length > 0) throw new Error(`dist/app.cjs would import() ${strays.map((entry) => entry.path).join(', ')} at run time`);
mkdirSync('dist', { recursive: true });
for (const file of app.outputFiles) writeFileSync(file.path, file.contents);
await build({
  ...commonJs,
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.cjs',
  define: { ...commonJs.define, MOTOROUTE_APP_ID: JSON.stringify(appId) },
});

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/render-help.ts'], { stdio: 'inherit' });
