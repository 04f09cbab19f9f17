// Run by bench/run.mjs in a fresh process: prints how long loading one library entry took, in ms.
// The module loader is started first with an empty module file, as an application's own modules would
// have started it, so that what is timed is the entry's own cost. A .cjs entry is loaded with require().
import { createRequire } from 'node:module';

await import('./empty-module.mjs');
const entry = process.argv[2];
const started = performance.now();
if (entry.endsWith('.cjs')) createRequire(import.meta.url)(entry);
else await import(entry);
process.stdout.write(`${(performance.now() - started).toFixed(3)}\n`);
