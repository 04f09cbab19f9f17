import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// When `list --from/--to` finds nothing, telling a typo from an empty answer must not cost the whole listing
// (160 MB at a million routes, issue 39): cities-near settles a served city in one small request each.
const service = useService({ routes: 20_000 });

const cli = (args: string[]) =>
  runCli(['--base-url', service.base, ...args, '--format', 'ndjson'], { env: { MOTOROUTE_RATE: '6000' } });

describe('list with no match', () => {
  it('served cities with no trip in the dates: exit 0, and the listing is not read', async () => {
    service.server.stats.reset();
    const result = await cli(['list', 'Paris', 'Marseille', '--after', '2099-01-01']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(service.server.stats.requests('/route/get/results')).toBe(0);
    expect(service.server.stats.requests('/route/cities-near')).toBe(2);
  });

  it('a served stopover city (--via) is settled the same way', async () => {
    service.server.stats.reset();
    const result = await cli(['list', '--from', 'Paris', '--via', 'Lyon', '--after', '2099-01-01']);
    expect(result.code, result.stderr).toBe(0);
    expect(service.server.stats.requests('/route/get/results')).toBe(0);
  });

  it('a typo is still refused with what was probably meant, from the listing’s cities', async () => {
    service.server.stats.reset();
    const result = await cli(['list', 'Paris', 'Marsielle']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"Marsielle" is not a city the service serves. Did you mean Marseille?');
    expect(service.server.stats.requests('/route/get/results')).toBe(1);
  });
});
