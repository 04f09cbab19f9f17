import { defineCommand } from './define.js';
import { SHELLS } from './completion/shells.js';
import { UsageError } from '../errors.js';
import { COMPLETION_WORDS } from './completion-words.js';
import { VERSION } from '../version.js';

/** `motoroute completion`: prints a shell completion script generated from the command registry. */
export const completionCommand = defineCommand({
  name: 'completion',
  summary: 'print a shell completion script (bash, zsh or fish)',
  args: ['<shell>'],
  examples: [
    'source <(motoroute completion bash)',
    'motoroute completion bash > ~/.local/share/bash-completion/completions/motoroute',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell line, expanded by zsh
    'motoroute completion zsh > "${fpath[1]}/_motoroute"',
    'motoroute completion fish > ~/.config/fish/completions/motoroute.fish',
  ],
  details:
    'The script completes commands, subcommands, options and the values of enumerated options\n(formats, languages, sort keys, formulas, listing forms, config keys). Regenerate it after upgrading.',
  async run({ args }, ctx) {
    const shell = SHELLS.find((name) => name === args[0]?.trim().toLowerCase());
    if (!shell) throw new UsageError(COMPLETION_WORDS[ctx.lang].notAShell(args[0] ?? '', SHELLS));
    // The command tree is the one this run parsed, passed in by the runner (no import of the program here).
    if (!ctx.program) throw new Error('completion needs the command tree; run it through the CLI');
    const { renderCompletion } = await import('./completion/render.js');
    ctx.stdout.write(renderCompletion(shell, ctx.program, VERSION));
  },
});
