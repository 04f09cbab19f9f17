// Renders the help of every command path at build time into dist/help.json, so that `--help` is
// printed without loading commander and every command spec (src/cli/help-cache.ts reads it).
import { writeFileSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import type { Command } from 'commander';
import { buildProgram } from '../src/cli/program.js';
import { loadCommands } from '../src/commands/index.js';

const COMMANDS = await loadCommands();

const HELP_WIDTH = 80;
let captured = '';
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    captured += chunk.toString();
    done();
  },
});
const program = buildProgram(
  { stdout: capture, stderr: capture, stdin: new PassThrough(), env: {} },
  async () => undefined,
  COMMANDS,
);

const texts: Record<string, string> = {};
const visit = (command: Command, path: string[]) => {
  command.configureHelp({ ...command.configureHelp(), helpWidth: HELP_WIDTH });
  captured = '';
  command.outputHelp();
  texts[path.join(' ')] = captured;
  for (const sub of command.commands) visit(sub, [...path, sub.name()]);
};
visit(program, []);
writeFileSync(new URL('../dist/help.json', import.meta.url), `${JSON.stringify(texts)}\n`);
