import type { Command } from 'commander';
import { renderBash } from './bash.js';
import { renderFish } from './fish.js';
import { COMPLETION_HINTS } from './hints.js';
import { buildCompletionModel } from './model.js';
import type { Shell } from './shells.js';
import { renderZsh } from './zsh.js';

/** The completion script of `shell` for the given commander program. */
export function renderCompletion(shell: Shell, program: Command, version: string): string {
  const root = buildCompletionModel(program, COMPLETION_HINTS);
  if (shell === 'bash') return renderBash(root, version);
  if (shell === 'zsh') return renderZsh(root, version);
  return renderFish(root, version);
}
