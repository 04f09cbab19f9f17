import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from '../helpers/cli.js';
import { writeScratchProject } from '../helpers/scratch-project.js';
import { NOTICES_FILE, noticeProblems } from '../../scripts/third-party-notices.mjs';

// What a user gets from `npm install motoroute`: the packed tarball installed into a project of its own
// (offline, its dependencies from the npm cache), used from there as a library and as a command.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC_4_9 = join(ROOT, 'node_modules', 'typescript-4.9', 'bin', 'tsc');
// npm and the installed bin see none of the developer's settings but the npm cache's home.
const env = childEnv({
  npm_config_logs_max: '0',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
});

let work = '';
let project = '';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'motoroute-package-'));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
    cwd: ROOT,
    env,
  });
  const [packed] = JSON.parse(stdout) as [{ filename: string }];
  project = join(work, 'project');
  mkdirSync(project);
  writeScratchProject(project, join(work, packed.filename));
  await run('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: project, env });
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The body of a script that uses the three entries, once they are loaded as `load` says. */
const useEntries = (load: string) => `${load}
const svc = await startLocalService({ routes: 400, seed: 5, today: '2026-12-01' });
try {
  const client = new RouteClient({ baseUrl: svc.url, retryBaseDelayMs: 10 });
  const trips = [];
  for await (const page of client.searchPages({ depart: 'Paris', arrival: 'Marseille' }, { limit: 10 })) trips.push(...page.routes);
  const expected = (await (await fetch(svc.url + '/route/ai/search?depart=Paris&arrival=Marseille')).json()).total;
  let notFound = false;
  try { await client.getJob('job-that-does-not-exist'); } catch (error) { notFound = error instanceof NotFoundError && error instanceof MotorouteError; }
  const trip = trips[0];
  const email = composeBookingEmail(
    { from: trip.depart, to: trip.arrival, date: trip.date, formula: 'rider', motorcycles: 1, scheduled: true, routeId: trip.id },
    { lang: 'en', to: DEFAULT_BOOKING_EMAIL },
  );
  const mailto = buildMailtoUri(email.to, email.subject, email.body);
  console.log(JSON.stringify({ version: VERSION, trips: trips.length, expected, notFound, subject: email.subject, mailto: mailto.slice(0, 28), requests: svc.stats.requests() }));
} finally {
  await svc.close();
}
`;

const ESM = useEntries(`import { MotorouteError, NotFoundError, RouteClient, VERSION } from 'motoroute';
import { DEFAULT_BOOKING_EMAIL, buildMailtoUri, composeBookingEmail } from 'motoroute/booking';
import { startLocalService } from 'motoroute/server';`);

// require() of each entry: an async function only for the awaits, since a CommonJS script has no top-level await.
const CJS = `const { MotorouteError, NotFoundError, RouteClient, VERSION } = require('motoroute');
const { DEFAULT_BOOKING_EMAIL, buildMailtoUri, composeBookingEmail } = require('motoroute/booking');
const { startLocalService } = require('motoroute/server');
(async () => {${useEntries('')}})().catch((error) => { console.error(error); process.exitCode = 1; });
`;

/**
 * A user's typed code over the three entries: the client (a page, every trip with for await), errors narrowed by
 * instanceof, the booking composer and the local service. Each @ts-expect-error fails the compile if the types it
 * expects to refuse something were lost (an `any` would accept it).
 */
const TYPED_USE = `const client = new RouteClient({ baseUrl: 'http://127.0.0.1:2/v1', timeoutMs: 5000 });
export async function check(): Promise<string> {
  const svc: LocalService = await startLocalService({ routes: 10, faults: { failRate: 0.1 } });
  const page: SearchPage = await client.search({ depart: 'Paris' });
  const ids: string[] = [];
  for await (const trip of client.searchTrips({ depart: 'Paris', arrival: 'Marseille' })) ids.push((trip satisfies Trip).id);
  const email: BookingEmail = composeBookingEmail({ from: 'Paris', to: 'Nice', date: '2026-12-05', formula: 'rider', motorcycles: 1, scheduled: true }, { lang: 'fr', to: 'reservation@symone.fr' });
  // @ts-expect-error a formula is rider or moto-only
  composeBookingEmail({ from: 'Paris', to: 'Nice', date: '2026-12-05', formula: 'sidecar', motorcycles: 1, scheduled: true }, { lang: 'fr', to: 'x' });
  await svc.close();
  try {
    await client.getJob('job-1');
    requireBookingRequest({ from: 'Paris' }, { today: '2026-12-01', fieldName: (field) => field.toUpperCase() });
  } catch (error) {
    if (error instanceof RateLimitError) return error.url;
    if (error instanceof NotFoundError) return String(error.status);
    if (error instanceof UsageError) return error.message + error.exitCode;
    if (error instanceof MotorouteError) return error.remedy?.kind ?? '';
    // @ts-expect-error an unknown error has no status before it is narrowed
    return String(error.status);
  }
  // @ts-expect-error a trip's id is a string
  const id: number = page.routes[0]!.id;
  return email.subject + String(id) + ids.length + new ApiError('x', 500, 'u').status;
}
`;

/** A directory of type packages whose `node` is @types/`name` (of the repository's node_modules). */
function typeRoots(name: string): string {
  const roots = join(work, `types-${name}`);
  mkdirSync(roots, { recursive: true });
  if (!existsSync(join(roots, 'node')))
    symlinkSync(join(ROOT, 'node_modules', '@types', name), join(roots, 'node'), 'dir');
  return roots;
}

async function node(script: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [script], { cwd: project, env });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('the packed package, installed into a project', () => {
  it('holds only what runs: the launcher, dist/ (bundles, types, help) and the docs', async () => {
    const { stdout } = await run('npm', ['ls', '--parseable', '--depth', '0'], { cwd: project, env });
    expect(stdout).toContain(join('node_modules', 'motoroute'));
    const installed = join(project, 'node_modules', 'motoroute');
    const { stdout: files } = await run('find', ['.', '-type', 'f'], { cwd: installed });
    const paths = files
      .split('\n')
      .filter(Boolean)
      .map((path) => path.slice(2))
      .sort();
    const unexpected = paths.filter(
      (path) =>
        !/^(package\.json|README\.md|LICENSE|bin\/motoroute\.cjs|dist\/.+\.(c?js|d\.c?ts|json|LEGAL\.txt|wasm)|dist\/THIRD-PARTY-NOTICES\.txt|dist\/desk\/(index\.html|desk\.css))$/.test(
          path,
        ),
    );
    expect(unexpected).toEqual([]);
    expect(
      paths.filter((path) => /(^|\/)(src|test)\//.test(path) || /\.test\.|\.ts$/.test(path.replace(/\.d\.c?ts$/, ''))),
    ).toEqual([]);
  });

  it("carries its licences: the project's own, and notices naming every package its bundles hold, with licence texts", () => {
    const installed = join(project, 'node_modules', 'motoroute');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the motoroute authors\n/,
    );
    const notices = readFileSync(join(installed, NOTICES_FILE), 'utf8');
    // The build's own list of what the bundles hold (scripts/build.mjs), read apart from the notices' making.
    const bundled = JSON.parse(readFileSync(join(ROOT, '.bundled-packages.json'), 'utf8')) as string[];
    expect(bundled).toContain('undici');
    expect(noticeProblems(notices, bundled)).toEqual([]);
  });

  it('installs as one package: everything it runs is bundled, so no dependency comes with it', async () => {
    const { stdout } = await run('npm', ['ls', '--all', '--parseable'], { cwd: project, env });
    const installed = stdout.split('\n').filter((path) => path.includes('node_modules'));
    expect(installed.map((path) => path.slice(path.lastIndexOf('node_modules') + 'node_modules/'.length))).toEqual([
      'motoroute',
    ]);
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules', 'motoroute', 'package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('imports each entry, searches every page of the local service with for await, and composes a booking e-mail', async () => {
    const script = join(project, 'use-esm.mjs');
    writeFileSync(script, ESM);
    const result = await node(script);
    expect(result).toMatchObject({ version: VERSION, notFound: true, mailto: 'mailto:reservation@symone.fr' });
    expect(result.trips).toBeGreaterThan(10);
    expect(result.trips).toBe(result.expected);
    expect(result.subject).toMatch(/→ Marseille/);
  }, 60_000);

  it('requires each entry and does the same', async () => {
    const script = join(project, 'use-cjs.cjs');
    writeFileSync(script, CJS);
    const result = await node(script);
    expect(result).toMatchObject({ version: VERSION, notFound: true, mailto: 'mailto:reservation@symone.fr' });
    expect(result.trips).toBe(result.expected);
  }, 60_000);

  // The floor README states: TypeScript 4.9 reads the declarations (tested here with 4.9.5 and the current release).
  // A project on TypeScript 4.9 has Node's types of that time: @types/node 22 needs TypeScript 5 (@types/node-20 is 20.x).
  // TypeScript 6 deprecates node10 resolution, still what such a project may use: the deprecation is silenced.
  it.each([
    ['4.9', TSC_4_9, /^Version 4\.9\./, ['node16', 'node10'], 'node-20', []],
    ['current', TSC, /^Version [5-9]\./, ['node16', 'node10', 'bundler'], 'node', ['--ignoreDeprecations', '6.0']],
  ] as const)(
    'types each entry for import and for require with TypeScript %s (strict)',
    async (_, tsc, version, resolutions, nodeTypes, node10Extra) => {
      const said = await run(process.execPath, [tsc, '--version'], { cwd: project, env });
      expect(said.stdout).toMatch(version);
      const imports = `import { ApiError, MotorouteError, NotFoundError, RateLimitError, RouteClient, UsageError, type SearchPage, type Trip } from 'motoroute';
import { composeBookingEmail, requireBookingRequest, type BookingEmail } from 'motoroute/booking';
import { startLocalService, type LocalService } from 'motoroute/server';
`;
      const files = { node16: ['check.mts', 'check.cts'], node10: ['check-node10.ts'], bundler: ['check-bundler.ts'] };
      for (const file of Object.values(files).flat()) writeFileSync(join(project, file), `${imports}${TYPED_USE}`);
      const common = [
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--typeRoots',
        typeRoots(nodeTypes),
        '--types',
        'node',
      ];
      const settings = {
        node16: ['--module', 'node16', '--moduleResolution', 'node16'],
        node10: ['--module', 'commonjs', '--moduleResolution', 'node', ...node10Extra],
        bundler: ['--module', 'esnext', '--moduleResolution', 'bundler'],
      };
      for (const resolution of resolutions) {
        const args = [tsc, ...common, ...settings[resolution], ...files[resolution]];
        const result = await run(process.execPath, args, { cwd: project, env }).catch((error: { stdout: string }) => ({
          stdout: error.stdout,
        }));
        expect({ resolution, errors: result.stdout }).toEqual({ resolution, errors: '' });
      }
    },
    300_000,
  );

  it('publishes a manifest without install scripts, free of side effects, that says where the project lives', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'motoroute', 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
      sideEffects?: unknown;
      repository?: { url?: string };
      homepage?: string;
      bugs?: { url?: string };
    };
    for (const hook of ['prepare', 'preinstall', 'install', 'postinstall'])
      expect(manifest.scripts?.[hook]).toBeUndefined();
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\//);
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs?.url).toMatch(/^https:\/\//);
  });

  it('types the entries that run anywhere without Node types (types: [], lib ES2022 + DOM), under exactOptionalPropertyTypes', async () => {
    writeFileSync(
      join(project, 'anywhere.mts'),
      `import { RouteClient, UsageError, type SearchJob } from 'motoroute';
import { composeBookingEmail, MotorouteError, UsageError as BookingUsageError } from 'motoroute/booking';
const client = new RouteClient({ baseUrl: 'https://symone.fr/api-proxy/v1', timeoutMs: undefined, fetch: undefined, pageConcurrency: undefined });
export async function pages(): Promise<number> {
  let count = 0;
  for await (const page of client.searchPages({ depart: 'Paris' }, { limit: undefined, signal: undefined })) {
    if (page.hasNextPage()) count += page.routes.length;
  }
  return count;
}
export function reason(job: SearchJob): string {
  return job.status === 'failed' ? (job.error ?? 'none') : job.status === 'completed' ? typeof job.result : 'pending';
}
const request = { from: 'Paris', to: 'Marseille', date: '2026-12-05', formula: 'rider', motorcycles: 1, scheduled: true, name: 'Ada Martin' } as const;
export const subject: string = composeBookingEmail(request, { lang: 'fr', to: 'reservation@symone.fr' }).subject;
export const same: boolean = BookingUsageError === UsageError && new UsageError('x') instanceof MotorouteError;
`,
    );
    writeFileSync(
      join(project, 'tsconfig.anywhere.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          types: [],
          lib: ['ES2022', 'DOM'],
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['anywhere.mts'],
      }),
    );
    const result = await run(process.execPath, [TSC, '-p', 'tsconfig.anywhere.json'], { cwd: project, env }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(result.stdout).toBe('');
  }, 120_000);

  it('runs the installed bin: --version and search --sandbox', async () => {
    const bin = join(project, 'node_modules', '.bin', 'motoroute');
    const version = await run(process.execPath, [bin, '--version'], { cwd: project, env });
    expect(version.stdout.trim()).toBe(VERSION);
    const search = await run(process.execPath, [bin, '--sandbox', 'search', 'Paris', 'Marseille', '--json'], {
      cwd: project,
      env,
    });
    const trips = JSON.parse(search.stdout) as { depart: string }[];
    expect(trips.length).toBeGreaterThan(0);
  }, 60_000);

  it('runs the installed bin as an MCP server: it answers initialize and ends when stdin closes', async () => {
    const bin = join(project, 'node_modules', '.bin', 'motoroute');
    const child = spawn(process.execPath, [bin, '--sandbox', 'mcp'], {
      cwd: project,
      env,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let stdout = '';
    const answered = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        stdout += text;
        if (stdout.includes('\n')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    await answered;
    child.stdin.end();
    expect(await exited).toBe(0);
    const reply = JSON.parse(stdout.split('\n')[0] ?? '') as {
      id: number;
      result: { serverInfo: { name: string }; capabilities: { tools?: object } };
    };
    expect(reply.id).toBe(1);
    expect(reply.result.serverInfo.name).toBe('motoroute');
    expect(reply.result.capabilities.tools).toBeDefined();
  }, 60_000);
});
