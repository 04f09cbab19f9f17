import { describe, expect, it } from 'vitest';
import { isolatedConfigDir, runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { probe, type Probe, until } from '../helpers/timers.js';
import type { NearbyCities, SearchPage, Trip } from '../../src/domain/types.js';

const service = useService({ routes: 2000, deprecate: ['/route/cities-near'], jobDelayMs: 200 });
const failing = useService({ routes: 200, jobDelayMs: 100, jobFailRate: 1 });
const slow = useService({ routes: 200, jobDelayMs: 60_000 });
const lagging = useService({ routes: 50, jobDelayMs: 60_000, latencyMs: 2500 });
const cli = (...args: string[]) => runCli(['--base-url', service.base, ...args]);

describe('near', () => {
  it('lists served cities nearest first with the source, as the service says', async () => {
    const expected = await getJson<NearbyCities>(`${service.base}/route/cities-near?location=Lyon`);
    const result = await cli('near', 'Lyon', '--json');
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as NearbyCities;
    expect(body.source).toBe(expected.source);
    expect(body.cities.map((city) => city.name)).toEqual(expected.cities.map((city) => city.name));
    const distances = body.cities.map((city) => city.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('warns once that the endpoint is deprecated, and still answers', async () => {
    const result = await cli('near', 'Île-de-France');
    expect(result.code).toBe(0);
    expect(result.stderr.match(/deprecated/g)).toHaveLength(1);
    expect(result.stdout.split('\n')[0]).toMatch(/\t/);
  });

  it('exits 0 with a clear note for an unknown place', async () => {
    const result = await cli('near', 'Atlantis');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/No served city near "Atlantis"/);
  });
});

describe('cache', () => {
  it('prints the cached identifiers, and joins them to Paris → Marseille trips with --details', async () => {
    const ids = await cli('cache');
    expect(ids.code).toBe(0);
    const list = ids.stdout.trimEnd().split('\n');
    expect(list.length).toBeGreaterThan(0);
    const details = await cli('cache', '--details', '--format', 'ndjson');
    expect(details.code).toBe(0);
    const trips = details.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Trip);
    expect(trips.map((trip) => trip.id)).toEqual(list);
    for (const trip of trips) expect([trip.depart, ...trip.layovers].join(' ')).toMatch(/Paris/);
  });
});

describe('job', () => {
  it('creates a job, then waits and prints its result as search would', async () => {
    const created = await cli('job', 'create', 'Paris', 'Marseille', '--json');
    expect(created.code).toBe(0);
    const job = JSON.parse(created.stdout) as { job_id: string; status: string; poll_url: string };
    expect(job.status).toBe('pending');
    const waited = await cli('job', 'wait', job.job_id, '--json');
    expect(waited.code).toBe(0);
    const expected = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&arrival=Marseille`);
    expect((JSON.parse(waited.stdout) as Trip[]).map((trip) => trip.id)).toEqual(
      expected.routes.map((trip) => trip.id),
    );
  });

  it('runs search --async through a job', async () => {
    const result = await cli('search', 'Lyon', '--async', '--format', 'ndjson');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/resume with: motoroute --base-url http:\/\/127\.0\.0\.1:\d+\/v1 job wait /);
    expect(result.stdout.trim().split('\n').length).toBeGreaterThan(0);
  });

  it('says when the job result holds only the first page of what the service found', async () => {
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris`);
    expect(page.total).toBeGreaterThan(page.routes.length);
    const result = await cli('search', 'Paris', '--async', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(page.routes.length);
    expect(result.stderr).toContain(
      `The job's result holds only the first page of the ${page.total} trips the service found; motoroute search … --all reads them all.`,
    );
  });

  it('exits 1 with the reason when the job fails', async () => {
    const result = await runCli(['--base-url', failing.base, 'search', 'Paris', '--async']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/failed/);
  });

  it('job get of a pending job prints its status on stdout, where a script reads it', async () => {
    const created = await runCli(['--base-url', slow.base, 'job', 'create', 'Paris', '--json']);
    const id = (JSON.parse(created.stdout) as { job_id: string }).job_id;
    const result = await runCli(['--base-url', slow.base, 'job', 'get', id]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${id}\tpending\n`);
  });

  it('exits 4 for an unknown job', async () => {
    const result = await cli('job', 'get', 'no-such-job');
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/404|not found|unknown/i);
  });

  it('exits 3 with the resume command when --timeout runs out', async () => {
    const created = await runCli(['--base-url', slow.base, 'job', 'create', 'Paris', '--json']);
    const id = (JSON.parse(created.stdout) as { job_id: string }).job_id;
    const result = await runCli(['--base-url', slow.base, '--timeout', '1', 'job', 'wait', id]);
    expect(result.code).toBe(3);
    // The command to paste keeps the service it was waiting on.
    expect(result.stderr).toContain(`Resume with: motoroute --base-url ${slow.base} job wait ${id}`);
  });

  it('--timeout bounds the whole wait: a poll still in flight at the deadline is cut there, not answered late', async () => {
    // Each answer takes 2.5 s: the second poll starts at 3.5 s and would end at 6 s, past --timeout 4.
    const created = await runCli(['--base-url', lagging.base, 'job', 'create', 'Paris', '--json']);
    const id = (JSON.parse(created.stdout) as { job_id: string }).job_id;
    const polls = () => lagging.server.stats.requests('/route/ai/jobs/{jobId}');
    const before = polls();
    // When the second poll reaches the service, a plain timer as long as its answer takes: if the CLI waited for
    // that answer, the timer would fire before the CLI is gone. No clock is read, so a busy machine cannot break it.
    let exited = false;
    let answerDue: Probe | undefined;
    const watching = until(() => exited || polls() === before + 2).then(() => {
      if (!exited) answerDue = probe(2500);
    });
    const result = await runCli(['--base-url', lagging.base, '--timeout', '4', 'job', 'wait', id]);
    exited = true;
    await watching;
    answerDue?.clear();
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`Job ${id} is still pending after 4 s. Resume with:`);
    // It waited through the first poll and asked again (not given up early)...
    expect(polls()).toBe(before + 2);
    // ...and left before the second poll's answer (the old last poll ended at 6 s, its answer awaited).
    expect(answerDue?.fired).toBe(false);
  });
});

describe('config', () => {
  it('stores, lists with sources, and unsets settings; flag beats environment beats file', async () => {
    const env = { MOTOROUTE_CONFIG_DIR: isolatedConfigDir() };
    expect((await runCli(['config', 'set', 'lang', 'fr'], { env })).code).toBe(0);
    expect((await runCli(['config', 'get', 'lang'], { env })).stdout).toBe('fr\n');
    expect((await runCli(['config', 'get', 'lang'], { env: { ...env, MOTOROUTE_LANG: 'en' } })).stdout).toBe('en\n');
    const listed = await runCli(['config', 'list', '--json'], { env });
    const rows = JSON.parse(listed.stdout) as { key: string; value: string | null; source: string }[];
    expect(rows.find((row) => row.key === 'lang')).toMatchObject({ value: 'fr', source: 'config file' });
    expect(rows.find((row) => row.key === 'base-url')).toMatchObject({ source: 'default' });
    expect((await runCli(['config', 'unset', 'lang'], { env })).code).toBe(0);
    expect((await runCli(['config', 'get', 'lang'], { env })).stdout).toBe('\n');
  });

  it('says so when unsetting a setting that is not set', async () => {
    const env = { MOTOROUTE_CONFIG_DIR: isolatedConfigDir() };
    const result = await runCli(['config', 'unset', 'lang'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^lang is not set in .*config\.json; nothing to remove\.\n$/);
  });

  it('warns when base-url is plain http to another host, which every command would refuse', async () => {
    const env = { MOTOROUTE_CONFIG_DIR: isolatedConfigDir() };
    const remote = await runCli(['config', 'set', 'base-url', 'http://example.com/v1'], { env });
    expect(remote.code).toBe(0);
    expect(remote.stderr).toMatch(
      /^Warning: example\.com is plain http: every command will refuse it unless given --insecure-http/m,
    );
    const local = await runCli(['config', 'set', 'base-url', 'http://127.0.0.1:8080/v1'], { env });
    expect(local.stderr).not.toMatch(/Warning/);
  });

  it('refuses unknown keys and invalid values with exit 2', async () => {
    const env = { MOTOROUTE_CONFIG_DIR: isolatedConfigDir() };
    const unknown = await runCli(['config', 'set', 'colour', 'red'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/known settings: base-url/);
    const invalid = await runCli(['config', 'set', 'base-url', 'ftp://example.org'], { env });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/http and https/);
  });

  it('names a corrupt config file and how to reset it', async () => {
    const dir = isolatedConfigDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir}/config.json`, '{ not json');
    const result = await runCli(['--base-url', service.base, 'search', 'Paris'], {
      env: { MOTOROUTE_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${dir}/config.json`);
    expect(result.stderr).toMatch(/rm /);
  });
});

describe('addresses', () => {
  it('uses the legacy alias with --legacy', async () => {
    service.server.stats.reset();
    const result = await cli('--legacy', 'search', 'Paris', '--json', '--verbose');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/route\/ai\/search/);
  });

  it('runs offline with --sandbox', async () => {
    const result = await runCli(['--sandbox', 'search', '--from', 'Paris', '--to', 'Marseille', '--json']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Trip[]).length).toBeGreaterThan(0);
  });

  it('refuses a non-http base URL and plain http to another host', async () => {
    const ftp = await runCli(['--base-url', 'ftp://example.org/v1', 'search']);
    expect(ftp.code).toBe(2);
    const plain = await runCli(['--base-url', 'http://example.org/v1', 'search']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/--insecure-http/);
  });
});

describe('settings mean what they say, piped too', () => {
  const piped = (args: string[], env: Record<string, string>) => runCli(['--base-url', service.base, ...args], { env });

  it('MOTOROUTE_FORMAT and config format apply when piped; the flag beats them', async () => {
    const env = { MOTOROUTE_CONFIG_DIR: isolatedConfigDir() };
    const fromEnv = await piped(['search', 'Paris', '--limit', '2'], { ...env, MOTOROUTE_FORMAT: 'csv' });
    expect(fromEnv.stdout.split('\n')[0]).toBe('id,date,time,depart,arrival,layovers,price_min,price_max,slots,times');
    expect((await runCli(['config', 'set', 'format', 'json'], { env })).code).toBe(0);
    const fromFile = await piped(['search', 'Paris', '--limit', '2'], env);
    expect(JSON.parse(fromFile.stdout)).toHaveLength(2);
    const flag = await piped(['search', 'Paris', '--limit', '2', '--format', 'ndjson'], {
      ...env,
      MOTOROUTE_FORMAT: 'csv',
    });
    expect(
      flag.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toHaveLength(2);
    const json = await piped(['search', 'Paris', '--limit', '2', '--json'], { ...env, MOTOROUTE_FORMAT: 'csv' });
    expect(JSON.parse(json.stdout)).toHaveLength(2);
  });

  it('refuses an invalid setting whatever the command, except config, which is how to fix it', async () => {
    const env = { MOTOROUTE_CONFIG_DIR: isolatedConfigDir() };
    const completion = await runCli(['completion', 'bash'], { env: { ...env, MOTOROUTE_CONCURRENCY: '12' } });
    expect(completion.code).toBe(2);
    expect(completion.stderr).toBe('Error: concurrency: "12" must be a whole number from 1 to 8.\n');
    const fixed = await runCli(['config', 'unset', 'concurrency'], { env: { ...env, MOTOROUTE_CONCURRENCY: '12' } });
    expect(fixed.code).toBe(0);
  });

  it('refuses an invalid format from the environment with exit 2, before any request', async () => {
    const result = await piped(['search', 'Paris'], {
      MOTOROUTE_CONFIG_DIR: isolatedConfigDir(),
      MOTOROUTE_FORMAT: 'yaml',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^Error: format: "yaml" is not valid; use one of table, json, ndjson, csv, tsv, markdown\.\n$/,
    );
  });
});
