import { defineCommand } from './define.js';
import { SHELLS } from './completion/shells.js';
import { UsageError } from '../errors.js';
import { VERSION } from '../version.js';

/** `motoroute completion`: prints a shell completion script generated from the command registry. */
export const completionCommand = defineCommand({
  name: 'completion',
  summary: 'print a shell completion script (bash, zsh or fish)',
  args: ['<shell>'],
  examples: [
    'source <(motoroute completion bash)',
    'motoroute completion bash > ~/.local/share/bash-completion/completions/motoroute',
    'motoroute completion zsh > "${fpath[1]}/_motoroute"',
    'motoroute completion fish > ~/.config/fish/completions/motoroute.fish',
  ],
  details: 'The script completes commands, subcommands, options and the values of enumerated options\n(formats, languages, sort keys, formulas, listing forms, config keys). Regenerate it after upgrading.',
  async run({ args }, ctx) {
    const shell = SHELLS.find((name) => name === args[0]?.trim().toLowerCase());
    if (!shell) throw new UsageError(`completion: "${args[0] ?? ''}" is not a supported shell; use one of ${SHELLS.join(', ')}.`);
    const [{ buildProgram }, { renderCompletion }] = await Promise.all([import('../program.js'), import('./completion/render.js')]);
    // The program is rebuilt only to be read: its runner is never called.
    const program = buildProgram(ctx.io, async () => undefined);
    ctx.stdout.write(renderCompletion(shell, program, VERSION));
  },
});
