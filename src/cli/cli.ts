import { main, quickAnswer } from './main.js';
import { answerAsProcess, runAsProcess } from './process.js';
import { enableCompileCache } from './startup/compile-cache.js';

// The published CLI's entry (dist/cli.cjs). The command runner is a bundle of its own, dist/app.cjs (scripts/build.mjs),
// loaded with Node's compile cache only when --version or --help did not answer already.
const answer = quickAnswer(process.argv.slice(2));
if (answer !== undefined) answerAsProcess(answer);
else
  runAsProcess((argv, io, signal) =>
    main(argv, io, signal, async () => {
      enableCompileCache(io.env);
      return (await import('./run-command.js')).runCommand;
    }),
  );
