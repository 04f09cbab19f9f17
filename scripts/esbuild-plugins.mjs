// esbuild plugins of the CLI's bundles: each keeps code that a run does not need out of the bundle every run reads.
// They map imports of our own sources, and of packages by their exported entries, to other bundles; none stands in
// for a file inside a package.
import { dirname, resolve } from 'node:path';

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

/**
 * Layers of the CLI that only one rarely run command uses, each a bundle of its own beside dist/app.cjs, required on
 * first use with everything it imports (`motoroute mcp`'s server: the MCP SDK with its zod and ajv, ~1 MB; the local
 * service of `serve` and `--sandbox`, ~90 KB, which every other run would otherwise read).
 * The key is the entry under src/, the value the bundle's name in dist/.
 */
export const SEPARATE_ENTRIES = {
  'src/mcp/index.ts': 'mcp.cjs',
  'src/server/index.ts': 'local-service.cjs',
};

/**
 * Each import of a separate layer's entry from outside that layer becomes a require() of its bundle beside this one,
 * made at the first import() (these layers are imported lazily, and the build turns import() into require()).
 */
export const separateEntries = {
  name: 'separate-entries',
  setup(build) {
    const entries = new Map(Object.entries(SEPARATE_ENTRIES).map(([entry, file]) => [resolve(entry), file]));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      const file = entries.get(target);
      // Code inside the separate layer imports its own files normally.
      if (file === undefined || args.importer.startsWith(dirname(target))) return undefined;
      return { path: `./${file}`, external: true };
    });
  },
};

/** dist/cli.cjs finds the command runner (src/cli/run-command.ts) in dist/app.cjs, loaded only for a command. */
export const appBundle = {
  name: 'app-bundle',
  setup(build) {
    const runner = resolve('src/cli/run-command.ts');
    build.onResolve({ filter: /^\.\/run-command\.js$/ }, (args) =>
      resolve(args.resolveDir, 'run-command.ts') === runner ? { path: './app.cjs', external: true } : undefined,
    );
  },
};
