import { main } from './main.js';
import { runAsProcess } from './process.js';

// `npm run dev`: motoroute from the sources, with tsx.
runAsProcess((argv, io, signal) => main(argv, io, signal, async () => (await import('./run-command.js')).runCommand));
