import { DEFAULT_BOOKING_EMAIL, DEFAULT_BOOKING_URL, DEFAULT_QUOTE_URL } from '../booking/index.js';
import { resolveBookingLang } from '../booking/lang.js';
import type { BookingDestinations } from '../booking/request-output.js';
import type { Context } from '../cli/context.js';
import type { DeskDayTools } from '../desk/day.js';
import { UsageError } from '../errors.js';
import { defineCommand } from './define.js';
import { DESK_WORDS } from './desk-words.js';
import { flag, integer, text, withDefault } from './options.js';
import { isLoopbackHost } from './serve.js';

/** `motoroute desk`: the support desk in the browser, a page on this machine behind a one-time link. */
export const deskCommand = defineCommand({
  name: 'desk',
  runsUntilStopped: true,
  summary: 'open the support desk in the browser (a page on this machine, behind a one-time link)',
  options: {
    host: withDefault(text('--host <address>', 'the address to listen on (127.0.0.1: this machine only)'), '127.0.0.1'),
    port: withDefault(integer('--port <n>', 'the port (0 picks a free one)', { min: 0, max: 65535 }), 0),
    allowRemote: flag('--allow-remote', 'with --host: let other machines reach the desk (not advised)'),
    open: flag('--no-open', 'print the link only; do not open the browser'),
  },
  examples: ['motoroute desk', 'motoroute desk --no-open --port 8765'],
  async run({ options }, ctx) {
    const words = DESK_WORDS[ctx.lang];
    if (!isLoopbackHost(options.host) && !options.allowRemote) throw new UsageError(words.notLoopback(options.host));
    const [{ startDeskServer }, { deskApi, DESK_UPLOAD_PATHS }, { filesFrom }, { fileURLToPath }] = await Promise.all([
      import('../desk/server.js'),
      import('../desk/api.js'),
      import('../desk/files.js'),
      import('node:url'),
    ]);
    const desk = await startDeskServer({
      host: options.host,
      port: options.port,
      api: deskApi({
        core: () => ctx.core(),
        client: () => ctx.client(),
        destinations: deskDestinations(ctx),
        lang: resolveBookingLang(ctx.setting('lang').value, ctx.io.env),
        day: deskDayTools(ctx),
      }),
      uploadPaths: DESK_UPLOAD_PATHS,
      files: filesFrom(fileURLToPath(new URL('./desk/', import.meta.url))),
    }).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new UsageError(words.portInUse(options.port));
      if (code === 'EACCES') throw new UsageError(words.portNeedsPrivileges(options.port));
      if (code === 'EADDRNOTAVAIL') throw new UsageError(words.hostNotHere(options.host));
      throw error;
    });
    if (!isLoopbackHost(options.host)) ctx.warn(words.listensBeyond(options.host));
    // Read while the browser opens: the page's first question, the served cities, is then answered from the core.
    void ctx
      .core()
      .then((core) => core.servedCities(ctx.signal))
      .catch(() => undefined);
    ctx.stdout.write(`${desk.openUrl}\n`);
    if (options.open) {
      const [{ openLink }, { whyNotOpened }] = await Promise.all([
        import('../output/open-link.js'),
        import('../output/open-and-say.js'),
      ]);
      const outcome = await openLink(desk.openUrl, ctx.io.env);
      // Not openAndSay: the link is printed above already, and a running desk keeps its exit code for its end.
      if (outcome.kind === 'failed') ctx.warn(words.notOpened(whyNotOpened(outcome, ctx.lang)));
    }
    ctx.note(words.running);
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    await desk.close();
  },
});

/** The desk's e-mail settings, as `book` reads them: where it goes, the greeting, the signature and the voice. */
function deskDestinations(ctx: Context): BookingDestinations {
  const greeting = ctx.setting('greeting').value;
  const signature = ctx.setting('signature').value;
  return {
    to: ctx.setting('booking-email').value ?? DEFAULT_BOOKING_EMAIL,
    bookingUrl: ctx.setting('booking-url').value ?? DEFAULT_BOOKING_URL,
    quoteUrl: ctx.setting('quote-url').value ?? DEFAULT_QUOTE_URL,
    ...(greeting ? { greeting } : {}),
    ...(signature ? { signature } : {}),
    ...(ctx.setting('voice').value === 'desk' ? { voice: 'desk' as const } : {}),
  };
}

/**
 * A day's file as `book --from-file` reads it (the same reading, bounds and checks: the upload is put in a private
 * temporary folder under its own name, read, and removed), and the sender its drafts are written from.
 */
function deskDayTools(ctx: Context): DeskDayTools {
  return {
    from: ctx.setting('from').value,
    async read(bytes, name, lang) {
      const [{ mkdtemp, rm, writeFile }, { tmpdir }, { join, basename }] = await Promise.all([
        import('node:fs/promises'),
        import('node:os'),
        import('node:path'),
      ]);
      const [{ readRequestTable }, { TABLE_FILE_WORDS }, { sanitiseText }] = await Promise.all([
        import('./shared/read-request-table.js'),
        import('./shared/file-words.js'),
        import('../output/sanitise.js'),
      ]);
      const shown =
        basename(name)
          .replace(/[\0-\x1f/\\]/g, '_')
          .slice(-120) || 'file';
      const folder = await mkdtemp(join(tmpdir(), 'motoroute-desk-'));
      const file = join(folder, shown);
      const notes: string[] = [];
      // What the reading notes (the first of several sheets, a Windows-1252 file, columns kept aside) goes to the
      // page, not to stderr, naming the file as uploaded.
      const note = (text: string) =>
        notes.push(
          ...sanitiseText(text.split(file).join(shown))
            .split('\n')
            .filter((line) => line !== ''),
        );
      try {
        await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
        const reading = { lang, note, io: ctx.io };
        const { rows } = await readRequestTable(reading, file, TABLE_FILE_WORDS[lang].fileLabel, ctx.clock.now(), {
          source: shown,
        }).catch((error: unknown) => {
          if (error instanceof UsageError) throw new UsageError(error.message.split(file).join(shown));
          throw error;
        });
        return { rows, notes };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
