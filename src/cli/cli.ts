import { main } from './main.js';
import { runAsProcess } from './process.js';

// The published CLI's entry (dist/cli.cjs). The command runner is a bundle of its own, dist/app.cjs,
// loaded with a V8 code cache only when --version or --help did not answer already (the loader
// itself needs node:v8 and node:vm, which those answers can do without).
runAsProcess((argv, io, signal) =>
  main(argv, io, signal, async () => (await import('./startup/compiled-app.js')).loadCompiledRunCommand(argv, io.env)),
);
