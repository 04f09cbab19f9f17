import type { Command } from 'commander';
import type { RouteClient } from '../client/client.js';
import type { ServiceClock } from '../core/clock.js';
import type { Core } from '../core/core.js';
import type { ResolvedSetting } from '../config/read.js';
import type { OutputSettings } from '../output/settings.js';
import { type ClientHooks, Factory } from './factory.js';
import { Notices, type ProcessIO } from './notices.js';
import { type GlobalOptions, RunSettings } from './run-settings.js';

export type { ClientHooks } from './factory.js';
export type { ProcessIO } from './notices.js';
export type { GlobalOptions } from './run-settings.js';

/**
 * Everything a command handler gets: the run's settings, what builds things (`factory`: the clock, the client, the
 * sandbox, the core) and what tells the user things (`notices`: streams, output settings, notes, warnings, the
 * language). Their members are reachable here under the names commands have always used.
 */
export class Context {
  readonly settings: RunSettings;
  readonly factory: Factory;
  readonly notices: Notices;

  constructor(
    globals: GlobalOptions,
    readonly io: ProcessIO,
    readonly signal: AbortSignal,
    /** The whole command tree, as parsed (shell completion describes it). */
    readonly program?: Command,
  ) {
    this.settings = new RunSettings(globals, io.env);
    this.notices = new Notices(this.settings, io, signal);
    this.factory = new Factory(this.settings, this.notices, io.env, signal);
  }

  // The run's settings.

  get globals(): GlobalOptions {
    return this.settings.globals;
  }

  setting(name: string): ResolvedSetting {
    return this.settings.setting(name);
  }

  checkSettings(): void {
    this.settings.checkSettings();
  }

  get maxTimeFromFlagOnly(): boolean {
    return this.settings.maxTimeFromFlagOnly;
  }

  set maxTimeFromFlagOnly(value: boolean) {
    this.settings.maxTimeFromFlagOnly = value;
  }

  get maxTimeSeconds(): string | undefined {
    return this.settings.maxTimeSeconds;
  }

  get runEndsAt(): number | undefined {
    return this.settings.runEndsAt;
  }

  // What builds things.

  get clock(): ServiceClock {
    return this.factory.clock;
  }

  client(hooks?: ClientHooks): Promise<RouteClient> {
    return this.factory.client(hooks);
  }

  clientFor(baseUrl: string): Promise<RouteClient> {
    return this.factory.clientFor(baseUrl);
  }

  core(): Promise<Core> {
    return this.factory.core();
  }

  upcoming(): Promise<(trip: { date: string; times: string[] }) => boolean> {
    return this.factory.upcoming();
  }

  // What tells the user things.

  get stdout(): ProcessIO['stdout'] {
    return this.notices.stdout;
  }

  get stderr(): ProcessIO['stderr'] {
    return this.notices.stderr;
  }

  get lang(): 'en' | 'fr' {
    return this.notices.lang;
  }

  output(): Promise<OutputSettings> {
    return this.notices.output();
  }

  note(message: string): void {
    this.notices.note(message);
  }

  warn(message: string): void {
    this.notices.warn(message);
  }

  commandLine(...words: string[]): string {
    return this.notices.commandLine(...words);
  }

  invocation(): string[] {
    return this.notices.invocation();
  }

  /** After a command succeeded: one note for the trips that had left, one warning for every record left out during the run. */
  async finish(): Promise<void> {
    await this.factory.sayLeftToday();
    this.notices.sayLeftOut();
  }

  /** Releases the clients' connections and stops the sandbox service. */
  close(): Promise<void> {
    return this.factory.close();
  }
}
