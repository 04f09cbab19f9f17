import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, useHostileServer } from '../helpers/hostile-server.js';

// The search answers, every metadata document fails with a 503: doctor reports them at once.
const metadataDown = useHostileServer({
  '/route/ai/search': answer(200, '{"routes":[],"total":0,"page":1,"limit":1}'),
  '*': answer(503, '{"error":"down"}'),
});

describe('doctor when the metadata endpoints fail', () => {
  it('tries each document once, without the 1 s and 2 s backoffs of a retried request', async () => {
    // The real backoff (MOTOROUTE_RETRY_BASE_MS unset): retried, each document would be asked for three times.
    const result = await runCli(['--base-url', metadataDown.base, 'doctor'], {
      env: { MOTOROUTE_RETRY_BASE_MS: undefined },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ OpenAPI version .*HTTP 503: down/);
    expect(metadataDown.requests.filter((request) => request.includes('openapi.json'))).toHaveLength(2);
  });
});
