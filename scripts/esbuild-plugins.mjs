// esbuild plugins of the CLI bundle: each keeps code that a run does not need from loading with it.
import { dirname, join, resolve } from 'node:path';

/** A plugin that gives the modules `importer` matches `contents` in place of the module `specifier`. */
function standIn({ name, specifier, importer, contents }) {
  return {
    name,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }, (args) =>
        importer.test(args.importer) ? { path: specifier, namespace: name } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: name }, () => ({ contents, loader: 'js' }));
    },
  };
}

// commander loads node:child_process at start-up for executable subcommands, which motoroute does
// not use: hand it a stand-in that loads the real module on first use (~3 ms of every run).
export const lazyChildProcess = standIn({
  name: 'lazy-child-process',
  specifier: 'node:child_process',
  importer: /[\\/]commander[\\/]/,
  contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });",
});

// undici loads its HTTP/2 client (and with it node:http2 and node:tls) when it loads its HTTP/1
// client, though motoroute never enables HTTP/2: defer it to the first HTTP/2 connection (~6 ms).
export const lazyHttp2Client = {
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

// undici loads node:http (and with it Node's HTTP client and server, ~5 ms) for two values, read as
// it loads: http.maxHeaderSize, its default header limit, and http.IncomingMessage, which its
// destroy() recognises to spare a server's socket when a server request is a request body. motoroute
// sends strings and buffers only, so undici gets Node's default limit and a class nothing is an
// instance of.
export const undiciWithoutNodeHttp = standIn({
  name: 'undici-without-node-http',
  specifier: 'node:http',
  importer: /[\\/]undici[\\/]/,
  contents: 'module.exports = { maxHeaderSize: 16 * 1024, IncomingMessage: class NotAnIncomingMessage {} };',
});

// undici's HTTP/1 and HTTP/2 clients require fetch's body module (with FormData, WebIDL and MIME parsing, ~45 KB of
// the app that every run read and pre-parsed) only to send a FormData body, which motoroute never sends (strings and
// bytes only): its stand-in says so if that ever changes.
export const undiciWithoutFetchBodies = standIn({
  name: 'undici-without-fetch-bodies',
  specifier: '../web/fetch/body.js',
  importer: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]/,
  contents:
    "module.exports = { extractBody() { throw new TypeError('motoroute sends strings and bytes only: a FormData body needs undici\\'s fetch.'); } };",
});

// undici checks its invariants with node:assert, whose loading (with its error class, call tracker and colours)
// costs every request ~0.45 ms, though a run that goes well never fails an assertion: its stand-in tests the
// value and loads the real module only to fail, so a failed assertion still throws Node's AssertionError
// (ERR_ASSERTION, which src/cli/process.ts recognises for nodejs/undici#5360). undici calls assert(value, message) only.
export const lazyAssert = standIn({
  name: 'lazy-assert',
  specifier: 'node:assert',
  importer: /[\\/]undici[\\/]/,
  contents: [
    "function assert(value, message) { if (!value) require('node:assert')(value, message); }",
    "module.exports = new Proxy(assert, { get: (target, name) => (name in target ? target[name] : require('node:assert')[name]) });",
  ].join('\n'),
});

/**
 * undici's HTTP parser as WebAssembly files beside the CLI (dist/llhttp/), written by the build (LLHTTP_FILES), in
 * place of undici's modules that hold each one as base64 text: dist/app.cjs lost 145 KB of text that every run read
 * and decoded, and a search's code cache the 72 KB string of the parser it runs; the bytes are read when first needed.
 * undici picks the SIMD build on every Node motoroute runs on; the other is read only where SIMD is missing.
 */
export const LLHTTP_FILES = {
  'llhttp_simd-wasm.js': 'llhttp/llhttp_simd.wasm',
  'llhttp-wasm.js': 'llhttp/llhttp.wasm',
};

export const llhttpBytesAsFiles = {
  name: 'llhttp-bytes-as-files',
  setup(build) {
    build.onResolve({ filter: /(^|[\\/])llhttp(_simd)?-wasm\.js$/ }, (args) => {
      const file = LLHTTP_FILES[args.path.split('/').pop()];
      return file === undefined ? undefined : { path: file, namespace: 'llhttp-file' };
    });
    build.onLoad({ filter: /.*/, namespace: 'llhttp-file' }, (args) => ({
      contents: `module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(args.path)}));`,
      loader: 'js',
    }));
  },
};

/**
 * Large packages that one rarely run command loads (book's prompts: ~600 KB with iconv-lite; config's
 * writes: ~300 KB with ajv; book --eml's message builder, book --template's Mustache and book --from-file's spreadsheet reader). Each is a bundle of its own in dist/vendor/, required on first use, so
 * that dist/app.cjs, read by every run, stays half the size. `exports` is the bundle's module.exports,
 * which an import() sees as its default export (Node's rule for CommonJS), its properties as names.
 */
export const VENDOR_BUNDLES = {
  conf: { file: 'vendor/conf.cjs', exports: "require('conf').default" },
  '@inquirer/prompts': { file: 'vendor/inquirer-prompts.cjs', exports: "require('@inquirer/prompts')" },
  // book --eml: nodemailer's message builder only (no transport), ~150 KB.
  'nodemailer/lib/mail-composer': {
    file: 'vendor/mail-composer.cjs',
    exports: "require('nodemailer/lib/mail-composer')",
  },
  // book --template.
  mustache: { file: 'vendor/mustache.cjs', exports: "require('mustache')" },
  // book --from-file with an .xlsx or .ods file: SheetJS's core build (no codepage tables, so no .xls), ~530 KB.
  '@e965/xlsx': { file: 'vendor/xlsx.cjs', exports: "require('@e965/xlsx/dist/xlsx.core.min.js')" },
  // The spinner of a long run on a terminal (with cli-spinners' 30 KB of frames), and book --open's browser launcher.
  ora: { file: 'vendor/ora.cjs', exports: "require('ora').default" },
  open: { file: 'vendor/open.cjs', exports: "require('open').default" },
};

export const vendorBundles = {
  name: 'vendor-bundles',
  setup(build) {
    const names = Object.keys(VENDOR_BUNDLES).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) =>
      /[\\/]src[\\/]/.test(args.importer) ? { path: `./${VENDOR_BUNDLES[args.path].file}`, external: true } : undefined,
    );
  },
};

// The MCP SDK's Server builds an ajv validator (ajv and ajv-formats: ~40 ms to load) for elicitation, which
// motoroute never asks for: its stand-in loads the real one when a schema is first validated, which never happens.
export const lazyAjvProvider = {
  name: 'lazy-ajv-provider',
  setup(build) {
    build.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (args) =>
      /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/](esm|cjs)[\\/]server[\\/]index\.js$/.test(args.importer)
        ? { path: 'ajv-provider.js', namespace: 'lazy-ajv', pluginData: { real: join(args.resolveDir, args.path) } }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-ajv' }, (args) => ({
      contents: [
        'let Real;',
        'export class AjvJsonSchemaValidator {',
        '  #args; #real;',
        '  constructor(...args) { this.#args = args; }',
        `  getValidator(schema) { Real ??= require(${JSON.stringify(args.pluginData.real)}).AjvJsonSchemaValidator; this.#real ??= new Real(...this.#args); return this.#real.getValidator(schema); }`,
        '}',
      ].join('\n'),
      loader: 'js',
      resolveDir: dirname(args.pluginData.real),
    }));
  },
};

/**
 * Layers of the CLI that only one rarely run command uses, each a bundle of its own beside dist/app.cjs, required on
 * first use with everything it imports (`motoroute mcp`'s server: the MCP SDK with its zod and ajv, ~1 MB; the local
 * service of `serve` and `--sandbox`, ~90 KB, which every other run's code cache would otherwise deserialise).
 * The key is the entry under src/, the value the bundle's name in dist/.
 */
export const SEPARATE_ENTRIES = {
  'src/mcp/index.ts': 'mcp.cjs',
  'src/server/index.ts': 'local-service.cjs',
};

export const separateEntries = {
  name: 'separate-entries',
  setup(build) {
    const entries = new Map(Object.entries(SEPARATE_ENTRIES).map(([entry, file]) => [resolve(entry), file]));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      const file = entries.get(target);
      // Code inside the separate layer imports its own files normally; from anywhere else the layer is a stand-in.
      if (file === undefined || args.importer.startsWith(dirname(target))) return undefined;
      return { path: file, namespace: 'separate-entry' };
    });
    // The stand-in loads the bundle through the CLI's start-up (src/cli/startup/compiled-app.ts), which compiles it with
    // a V8 code cache as it does dist/app.cjs, or with require() where nothing set that loader up.
    build.onLoad({ filter: /.*/, namespace: 'separate-entry' }, (args) => ({
      contents: [
        "const load = globalThis[Symbol.for('motoroute.requireBundle')];",
        `module.exports = load ? load(${JSON.stringify(args.path)}) : require(${JSON.stringify(`./${args.path}`)});`,
      ].join('\n'),
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/[\w-]+\.cjs$/, namespace: 'separate-entry' }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};
