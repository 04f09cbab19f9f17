import { cliMessage } from '../../cli/remedies.js';
import { readTrip } from '../../client/readers.js';
import { schemas } from '../../client/schemas.js';
import { summariseIssue } from '../../client/decode.js';
import { completePage } from '../../client/search-page.js';
import type { DoctorBases } from './bases.js';
import { distinctBases } from './bases.js';
import { fail, pass, skip, type DoctorCheck, type Verdict } from './check.js';
import {
  inspectOpenApi,
  inspectProtectedResource,
  inspectRateLimitHeaders,
  inspectSignatureDirectory,
} from './documents.js';
import { describeStatus, jsonBody, type Probe, type ProbeAnswer, type ProbeResult } from './probe.js';

const SEARCH = '/route/ai/search';
const ENVELOPE_FIELDS = ['total', 'page', 'limit', 'total_pages', 'has_next', 'book_url'] as const;
const PROTECTED_RESOURCE = '/.well-known/oauth-protected-resource';
const SIGNATURES = '/.well-known/http-message-signatures-directory';
const OPENAPI = '/openapi.json';

/** Every check, in checklist order, with the title people read. */
export const CHECK_TITLES = {
  reachable: 'service reachable',
  'versioned-base': '/v1 base answers',
  'legacy-base': 'legacy alias answers',
  'search-envelope': 'search envelope',
  'rate-limit-headers': 'rate-limit headers',
  'anonymous-access': 'anonymous access',
  'signature-directory': 'Ed25519 signature key',
  'openapi-version': 'OpenAPI version',
  'no-deprecation': 'no Deprecation header',
} as const;

/** The stable name of a check. */
export type CheckName = keyof typeof CHECK_TITLES;

/** Everything doctor found, and whether anything answered at all. */
export interface DoctorFindings {
  checks: DoctorCheck[];
  /** Nothing answered: the service could not be reached at all (exit 3). */
  unreachable: boolean;
}

/** Runs the checks one after the other (so each timing is its own) against the bases derived from the one in use. */
export async function runChecks(
  probe: Probe,
  bases: DoctorBases,
  clientRatePerMinute: number,
): Promise<DoctorFindings> {
  const checks: DoctorCheck[] = [];
  const add = (name: CheckName, verdict: Verdict, ms: number | null) =>
    checks.push({ name, title: CHECK_TITLES[name], ms, ...verdict });

  const search = await probe.get(bases.inUse, SEARCH, { limit: 1 });
  if (search.kind === 'failure') {
    add('reachable', fail(cliMessage(search.error)), search.ms);
    const reason = 'not checked: the service did not answer';
    for (const name of Object.keys(CHECK_TITLES) as CheckName[])
      if (name !== 'reachable') add(name, skip(reason), null);
    return { checks, unreachable: true };
  }
  add('reachable', pass(`HTTP ${search.status} from ${search.url}`), search.ms);

  const otherBase = bases.kind === 'versioned' ? bases.legacy : bases.versioned;
  const other = await probe.get(otherBase, SEARCH, { limit: 1 });
  const [versioned, legacy] = bases.kind === 'versioned' ? [search, other] : [other, search];
  add(
    'versioned-base',
    baseVerdict(
      bases.versioned,
      versioned,
      bases.kind === 'versioned'
        ? 'in use'
        : 'derived by appending /v1: the base in use has no /v1, so it is the legacy alias',
    ),
    versioned.ms,
  );
  add(
    'legacy-base',
    baseVerdict(bases.legacy, legacy, bases.kind === 'legacy' ? 'in use' : 'derived by removing /v1'),
    legacy.ms,
  );
  add('search-envelope', envelopeVerdict(search), search.ms);
  add('rate-limit-headers', inspectRateLimitHeaders(search.headers, clientRatePerMinute), search.ms);

  // RFC 9728 and the signature directory live at the origin root; some deployments serve them under the base.
  const documentBases = distinctBases(bases.origin, bases.inUse);
  const resource = await firstDocument(probe, documentBases, PROTECTED_RESOURCE, inspectProtectedResource);
  add('anonymous-access', resource.verdict, resource.ms);
  const signatures = await firstDocument(probe, documentBases, SIGNATURES, inspectSignatureDirectory);
  add('signature-directory', signatures.verdict, signatures.ms);
  const openApi = await firstDocument(
    probe,
    distinctBases(bases.inUse, bases.legacy, bases.origin),
    OPENAPI,
    inspectOpenApi,
  );

  add('openapi-version', openApi.verdict, openApi.ms);
  const totalMs = probe.answers.reduce((sum, answer) => sum + answer.ms, 0);
  add('no-deprecation', deprecationVerdict(probe), totalMs);
  return { checks, unreachable: false };
}

function baseVerdict(base: string, result: ProbeResult, role: string): Verdict {
  if (result.kind === 'failure') return fail(`${base} (${role}) did not answer: ${cliMessage(result.error)}`);
  if (result.status >= 200 && result.status < 300) return pass(`${base} answers HTTP ${result.status} (${role})`);
  return fail(`${base} (${role}) answered ${describeStatus(result)}`);
}

function envelopeVerdict(answer: ProbeAnswer): Verdict {
  if (answer.status < 200 || answer.status >= 300) return fail(`the search answered ${describeStatus(answer)}`);
  const body = jsonBody(answer);
  if (body === undefined)
    return fail(`the search answered HTTP ${answer.status} with a body that is not JSON (${answer.body.length} bytes)`);
  const envelope = schemas.searchEnvelope().safeParse(body);
  if (!envelope.success) return fail(`the search envelope is not valid: ${summariseIssue(envelope.error)}`);
  const sent = envelope.data;
  const unreadable = sent.routes.filter((record) => !readTrip(record).ok).length;
  if (unreadable > 0)
    return fail(
      `${unreadable} of ${sent.routes.length} trip records cannot be read (motoroute leaves them out; --strict refuses the page)`,
    );
  const { total, total_pages: pages, next_cursor: cursor } = completePage(sent, [], {}, '');
  const derived = ENVELOPE_FIELDS.filter((field) => sent[field] === undefined || sent[field] === null);
  const note = derived.length > 0 ? `; ${derived.join(', ')} missing (derived by motoroute)` : '';
  return pass(
    `${total} trip${total === 1 ? '' : 's'} in total, ${pages} page${pages === 1 ? '' : 's'}${cursor ? ', cursor paging' : ''}${note}`,
  );
}

function deprecationVerdict(probe: Probe): Verdict {
  const seen = probe.deprecations;
  if (seen.length === 0) return pass(`none on the ${probe.answers.length} responses checked`);
  const list = seen.map(
    (entry) =>
      `${entry.url.split('?')[0]} (${describeDeprecation(entry.value)}${entry.sunset ? `, removal planned ${entry.sunset}` : ''})`,
  );
  return fail(`deprecated by the service, to be removed: ${list.join('; ')}`);
}

/** RFC 9745 sends `@<epoch seconds>`; older drafts sent `true` or an HTTP date. */
function describeDeprecation(value: string): string {
  const epoch = /^@(\d+)$/.exec(value.trim())?.[1];
  return epoch === undefined
    ? `Deprecation: ${value}`
    : `deprecated since ${new Date(Number(epoch) * 1000).toISOString().slice(0, 10)}`;
}

/** Tries the bases in order; the first JSON answer that passes wins, else the most telling failure is reported. */
async function firstDocument(
  probe: Probe,
  bases: string[],
  path: string,
  inspect: (document: unknown) => Verdict,
): Promise<{ verdict: Verdict; ms: number }> {
  let ms = 0;
  let firstProblem: Verdict | undefined;
  const misses: string[] = [];
  for (const base of bases) {
    // A metadata document that fails is a finding, not an outage to wait out: one attempt each (7 of them at most).
    const result = await probe.get(base, path, undefined, { retry: false });
    ms += result.ms;
    const url = `${base}${path}`;
    if (result.kind === 'failure') {
      misses.push(`${url}: ${cliMessage(result.error)}`);
      continue;
    }
    if (result.status < 200 || result.status >= 300) {
      misses.push(`${url}: ${describeStatus(result)}`);
      continue;
    }
    const document = jsonBody(result);
    if (document === undefined) {
      misses.push(`${url}: HTTP ${result.status}, not JSON`);
      continue;
    }
    const verdict = inspect(document);
    if (verdict.level !== 'fail') return { verdict: { ...verdict, detail: `${verdict.detail} (${url})` }, ms };
    firstProblem ??= { ...verdict, detail: `${verdict.detail} (${url})` };
  }
  return { verdict: firstProblem ?? fail(`not found: ${misses.join('; ')}`), ms };
}
