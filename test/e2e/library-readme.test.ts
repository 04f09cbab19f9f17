import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../src/server/public.js';
import { childEnv } from '../helpers/cli.js';

// README's library section is what a user copies first: each of its code blocks must compile against the built
// declarations under strict + exactOptionalPropertyTypes, and run against the local service.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const PRODUCTION = 'https://symone.fr/api-proxy/v1';

/** The ```ts blocks of README's "## Library" section, in order. */
function libraryBlocks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Library\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

const blocks = libraryBlocks();
let work = '';
let svc: LocalService;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'motoroute-readme-'));
  mkdirSync(join(work, 'node_modules'));
  // The project as installed (its exports point at dist/), and the packages the examples name.
  symlinkSync(ROOT, join(work, 'node_modules', 'motoroute'));
  for (const name of ['undici', 'vitest'])
    symlinkSync(join(ROOT, 'node_modules', name), join(work, 'node_modules', name));
  mkdirSync(join(work, 'src'));
  mkdirSync(join(work, 'test'));
  // "Your code" in the local-service example: a small integration given a base URL.
  writeFileSync(
    join(work, 'src', 'my-integration.ts'),
    `import { RouteClient, type Trip } from 'motoroute';
export async function findCheapestTrip(baseUrl: string, depart: string, arrival: string): Promise<Trip | undefined> {
  const client = new RouteClient({ baseUrl });
  try {
    let cheapest: Trip | undefined;
    for await (const trip of client.searchTrips({ depart, arrival })) {
      if (trip.price_min !== null && (cheapest === undefined || trip.price_min < (cheapest.price_min ?? Infinity))) cheapest = trip;
    }
    return cheapest;
  } finally {
    await client.close();
  }
}
`,
  );
  for (const [index, block] of blocks.entries())
    writeFileSync(join(work, 'test', `readme-${index + 1}.test.mts`), block);
  svc = await startLocalService({ routes: 400, seed: 3, today: '2026-12-01', cors: true });
}, 60_000);

afterAll(async () => {
  await svc?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("README's library section", () => {
  it('has code blocks for the client, the proxy, per-call control, booking and the local service', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
  });

  it('type-checks every block under strict and exactOptionalPropertyTypes, against the built declarations', async () => {
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
          noEmit: true,
          skipLibCheck: true,
        },
        include: ['src', 'test'],
      }),
    );
    const result = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: work, env: childEnv({}) }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(result.stdout).toBe('');
  }, 120_000);

  it.each(blocks.map((block, index) => [index + 1, block] as const))(
    'runs block %i against the local service',
    async (index, block) => {
      const isTestFile = block.includes("from 'vitest'");
      const file = join(work, 'test', isTestFile ? `readme-${index}.test.mts` : `readme-${index}.mts`);
      // The examples name the production service; here they talk to the local one.
      writeFileSync(file, block.replaceAll(`'${PRODUCTION}'`, JSON.stringify(svc.url)));
      const args = isTestFile
        ? [
            join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
            'run',
            '--root',
            work,
            '--dir',
            'test',
            `readme-${index}.test.mts`,
          ]
        : [TSX, file];
      const result = await run(process.execPath, args, { cwd: work, env: childEnv({}) }).catch(
        (error: { stdout: string; stderr: string; code: number }) => error,
      );
      expect('code' in result ? { code: result.code, stderr: result.stderr, stdout: result.stdout } : 0).toBe(0);
    },
    120_000,
  );
});
