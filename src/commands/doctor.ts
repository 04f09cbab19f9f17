import { defineCommand } from './define.js';

/** `motoroute doctor`: checks the configured service and prints a checklist with timings. */
export const doctorCommand = defineCommand({
  name: 'doctor',
  summary: 'check the configured service: reachability, /v1 and legacy, metadata, rate limits, deprecation',
  examples: [
    'motoroute doctor',
    'motoroute --base-url http://127.0.0.1:8080/v1 doctor',
    'motoroute doctor --json | jq .ok',
  ],
  details: [
    'Checks, in order: the service is reachable (latency); the /v1 base and the legacy alias (the base',
    'without /v1) both answer; search returns a valid envelope; X-RateLimit-* headers are present (0 = no',
    'limit enforced; at most 60 requests a minute is recommended); /.well-known/oauth-protected-resource',
    'declares anonymous access with no authorization servers; /.well-known/http-message-signatures-directory',
    'holds an Ed25519 key (both looked up at the service origin, then under the base); /openapi.json says',
    'version 1.1.0 (another version is a warning); no response carries a Deprecation header.',
    '',
    'Marks: ✓ passed, ! warning (still passes), ✗ failed. --json prints {ok, base_url, checks: [{name, ok,',
    'level, ms, detail}]}.',
    '',
    'Exit status: 0 every check passed (warnings allowed); 1 a check failed (including a Deprecation',
    'header); 3 nothing answered at all (closed port, unknown host, timeout): every check is then listed',
    'as failed.',
  ].join('\n'),
  async run(_input, ctx) {
    const { runDoctor } = await import('./doctor/run.js');
    return runDoctor(ctx);
  },
});
