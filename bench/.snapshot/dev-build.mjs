// private dev build: HEAD's src + my working files, so others' half-written files don't break it
import { build } from 'esbuild';
import { execSync } from 'node:child_process';
import { rmSync, mkdirSync, writeFileSync, cpSync } from 'node:fs';
process.chdir('/work/main');
const tree = 'bench/.snapshot/tree';
rmSync(tree, { recursive: true, force: true });
mkdirSync(tree, { recursive: true });
execSync(`git archive HEAD src | tar -x -C ${tree}`);
for (const f of ['src/client', 'src/commands/list.ts', 'src/output/writer.ts', 'src/domain/trip-matcher.ts']) cpSync(f, `${tree}/${f}`, { recursive: true });
const out = 'bench/.snapshot/dev';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { cli: `${tree}/src/cli.ts` }, outdir: `${out}/dist`, bundle: true, splitting: true, format: 'esm',
  platform: 'node', target: 'node20.19', minifySyntax: true, chunkNames: 'chunks/[name]-[hash]',
  define: { MOTOROUTE_VERSION: '"0.1.0"' },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
mkdirSync(`${out}/bin`, { recursive: true });
writeFileSync(`${out}/bin/motoroute.js`, "#!/usr/bin/env node\nimport '../dist/cli.js';\n");
