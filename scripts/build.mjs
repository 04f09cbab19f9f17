// Builds dist/: one esbuild bundle with code splitting (commands load lazily), plus type declarations
// for the library entry. Dependencies are bundled so start-up resolves no node_modules paths.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
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

await build({
  entryPoints: { cli: 'src/cli.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minifySyntax: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { MOTOROUTE_VERSION: JSON.stringify(pkg.version) },
  // CommonJS dependencies (cli-table3) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [lazyChildProcess, lazyHttp2Client],
  logLevel: 'warning',
});

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/render-help.ts'], { stdio: 'inherit' });
