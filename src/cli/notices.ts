import type { Readable, Writable } from 'node:stream';
import type { RetryWait, SkippedRecords } from '../client/options.js';
import type { OutputSettings } from '../output/settings.js';
import type { RunSettings } from './run-settings.js';
import { sanitiseText } from '../output/sanitise.js';
import { shellWords } from '../output/shell-words.js';
import { CONTEXT_WORDS } from './words.js';

/** The process's streams and environment, injectable so a command can run in-process. */
export interface ProcessIO {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/**
 * What a run tells the user, and how: the output streams and their settings, notes and warnings on stderr (in the
 * session's language, silent with --quiet), the waits of a long run, and the command lines it suggests.
 */
export class Notices {
  private outputSettingsValue: OutputSettings | undefined;
  private readonly warned = new Set<string>();
  private skipped: SkippedRecords | undefined;
  private rateWaitSaidUntil = 0;

  constructor(
    private readonly settings: RunSettings,
    readonly io: ProcessIO,
    private readonly signal: AbortSignal,
  ) {}

  get stdout() {
    return this.io.stdout;
  }

  get stderr() {
    return this.io.stderr;
  }

  /** The language the user is told things in. */
  get lang(): 'en' | 'fr' {
    return this.settings.lang;
  }

  /** Output settings, decided once per run. */
  async output(): Promise<OutputSettings> {
    if (!this.outputSettingsValue) {
      const { resolveOutputSettings } = await import('../output/settings.js');
      const globals = this.settings.globals;
      this.outputSettingsValue = resolveOutputSettings({
        // Flag > MOTOROUTE_FORMAT > config file (--json is a flag too); only the default depends on the terminal.
        format: globals.json ? globals.format : this.settings.setting('format').value,
        json: globals.json,
        fields: globals.fields,
        quiet: globals.quiet,
        header: globals.header,
        color: globals.color === false ? false : undefined,
        env: this.io.env,
        stdout: { isTTY: Boolean(this.io.stdout.isTTY), columns: this.io.stdout.columns },
        stderr: { isTTY: Boolean(this.io.stderr.isTTY) },
        lang: this.lang,
      });
      this.outputSettingsValue.signal = this.signal;
      this.outputSettingsValue.note = (message) => this.note(message);
      this.outputSettingsValue.lang = this.lang;
    }
    return this.outputSettingsValue;
  }

  /** A line on stderr for the user, unless --quiet. Control characters are removed: messages may quote the service. */
  note(message: string): void {
    if (!this.settings.globals.quiet) this.io.stderr.write(`${sanitiseText(message)}\n`);
  }

  /** A warning on stderr, printed once per distinct text, unless --quiet; sanitised like note(). */
  warn(message: string): void {
    if (this.settings.globals.quiet || this.warned.has(message)) return;
    this.warned.add(message);
    this.io.stderr.write(`${CONTEXT_WORDS[this.lang].warning} ${sanitiseText(message)}\n`);
  }

  /** A line for each request attempt, with --verbose only (and only then written). */
  attempt(line: () => string): void {
    if (this.settings.globals.verbose) this.io.stderr.write(`${sanitiseText(line())}\n`);
  }

  /**
   * A wait for the rate budget: every one with --verbose; otherwise those over a second, once for
   * requests waiting together (pages in flight queue side by side), so a long run never looks hung.
   */
  rateWait(ms: number): void {
    const until = Date.now() + ms;
    if (!this.settings.globals.verbose && (ms <= 1000 || until <= this.rateWaitSaidUntil + 1000)) return;
    this.rateWaitSaidUntil = until;
    const rate = this.settings.setting('rate').value;
    this.note(CONTEXT_WORDS[this.lang].rateWait(Math.ceil(ms / 1000), rate));
  }

  /** A retry's wait, said on a terminal (or with --verbose) so that a long one never looks hung; --quiet keeps it silent. */
  retryWait(wait: RetryWait): void {
    if (!this.settings.globals.verbose && this.io.stderr.isTTY !== true) return;
    const seconds = wait.ms >= 1000 ? `${Math.round(wait.ms / 100) / 10} s` : `${Math.round(wait.ms)} ms`;
    this.note(
      CONTEXT_WORDS[this.lang].retryWait(
        wait.method,
        wait.url,
        wait.reason,
        wait.nextAttempt - 1,
        wait.maxAttempts - 1,
        seconds,
      ),
    );
  }

  /** Adds records an answer left out to the run's count, said once by sayLeftOut(). */
  recordSkipped(info: SkippedRecords): void {
    const seen = this.skipped;
    this.skipped = seen
      ? { ...seen, skipped: seen.skipped + info.skipped, of: seen.of + info.of }
      : { ...info, firstReason: `${info.endpoint} ${info.firstReason}` };
  }

  /** One warning for every record left out during the run, if any were. */
  sayLeftOut(): void {
    const skipped = this.skipped;
    if (!skipped) return;
    const count = `${skipped.skipped.toLocaleString('en')} of ${skipped.of.toLocaleString('en')} record${skipped.of === 1 ? '' : 's'}`;
    this.warn(
      `${count} could not be read and ${skipped.skipped === 1 ? 'was' : 'were'} left out (first: ${skipped.firstReason}); --strict makes this an error.`,
    );
  }

  /**
   * A motoroute command line to print for the user to run next (`resume with: …`), keeping the options
   * that point at the service of this run, so that pasting it talks to the same service.
   */
  commandLine(...words: string[]): string {
    return shellWords([...this.invocation(), ...words]);
  }

  /** `motoroute` and the global flags that chose the service, so a suggested command asks the same one. */
  invocation(): string[] {
    const globals = this.settings.globals;
    const words = ['motoroute'];
    if (globals.baseUrl !== undefined) words.push('--base-url', globals.baseUrl);
    if (globals.legacy) words.push('--legacy');
    if (globals.insecureHttp) words.push('--insecure-http');
    if (globals.sandbox) words.push('--sandbox');
    return words;
  }
}
