import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** How a text reached the clipboard: through a program, through the terminal (OSC 52), or not at all. */
export type CopyOutcome =
  | { kind: 'program'; program: string }
  | { kind: 'osc52' }
  /** `cause`, for a face to word in its language: nothing to copy with, too long for OSC 52, or the programs' own errors. */
  | { kind: 'failed'; reason: string; cause: 'nothing' | 'too-long' | 'programs' };

/** Where OSC 52 is written: a terminal stream. */
export interface TerminalStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

// The clipboard programs of each desktop, tried in order; the first that runs and exits 0 has the text.
const PROGRAMS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  darwin: [['pbcopy']],
  win32: [['clip.exe']],
  other: [['wl-copy'], ['xclip', '-selection', 'clipboard'], ['xsel', '--clipboard', '--input']],
};

// Terminals refuse OSC 52 payloads past some size (often about 100 KB of base64).
const OSC52_MAX_BYTES = 74_994;

/**
 * Copies text to the clipboard: through the desktop's clipboard program when one is on PATH and works, else through
 * the terminal with OSC 52 (which reaches the local clipboard over SSH, in terminals that allow it). Never throws.
 */
export async function copyToClipboard(
  text: string,
  env: NodeJS.ProcessEnv,
  terminal: TerminalStream | undefined,
): Promise<CopyOutcome> {
  const reasons: string[] = [];
  for (const [program, ...args] of PROGRAMS[process.platform] ?? PROGRAMS.other ?? []) {
    const path = findOnPath(program ?? '', env);
    if (path === undefined) continue;
    const failure = await runWithInput(path, args, text, env);
    if (failure === undefined) return { kind: 'program', program: program ?? '' };
    reasons.push(`${program}: ${failure}`);
  }
  if (terminal?.isTTY) {
    const payload = Buffer.from(text, 'utf8').toString('base64');
    if (payload.length > OSC52_MAX_BYTES)
      return { kind: 'failed', reason: 'too long for the terminal to copy (OSC 52)', cause: 'too-long' };
    terminal.write(`\u001b]52;c;${payload}\u0007`);
    return { kind: 'osc52' };
  }
  return {
    kind: 'failed',
    cause: reasons.length > 0 ? 'programs' : 'nothing',
    reason:
      reasons.length > 0
        ? reasons.join('; ')
        : 'no clipboard program (wl-copy, xclip, xsel, pbcopy) and no terminal for OSC 52',
  };
}

function findOnPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const folder of (env.PATH ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Runs a program with `text` on its stdin; undefined when it exited 0, else why not. */
function runWithInput(
  path: string,
  args: readonly string[],
  text: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(path, args, { env, stdio: ['pipe', 'ignore', 'ignore'] });
    // wl-copy and xclip stay in the background to serve the selection: their exit, not their children's, is what counts.
    const timer = setTimeout(() => {
      child.unref();
      resolve(undefined);
    }, 3000);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? undefined : signal ? `stopped by ${signal}` : `exit code ${code}`);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}
