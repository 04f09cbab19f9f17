import { createReadStream } from 'node:fs';
import { parseListing } from '../../src/client/listing-parser.js';
import { flattenBatches } from '../../src/client/flatten-batches.js';
import { normaliseRoute } from '../../src/client/normalise.js';
import { createTripMatcher } from '../../src/domain/trip-matcher.js';
import { createRowWriter } from '../../src/output/writer.js';
import { tripColumns } from '../../src/output/trip-columns.js';
import { createWriteStream } from 'node:fs';
const mode = process.argv[2] ?? 'all';
const t0 = performance.now();
const out = createWriteStream('/dev/null');
const writer = createRowWriter({ format: 'ndjson', fields: undefined, width: 80, color: false, colorLevel: 0, stdoutIsTTY: false }, tripColumns(), out);
const matches = createTripMatcher({ depart: 'Paris', arrival: 'Marseille' });
let n = 0, m = 0;
const body = createReadStream('/tmp/listing1m.json', { highWaterMark: 65536 });
if (mode === 'parse') {
  for await (const batch of parseListing(body)) n += batch.length;
} else {
  for await (const record of flattenBatches(parseListing(body), (r: unknown) => r)) {
    n++;
    if (mode === 'iter') continue;
    const item = normaliseRoute(record);
    if (!item.ok) continue;
    if (mode === 'norm') continue;
    if (!matches(item.trip)) continue;
    m++;
    if (mode === 'match') continue;
    await writer.write(item.trip);
  }
}
await writer.end();
const cpu = process.cpuUsage();
console.log(mode, n, m, 'wall', (performance.now() - t0).toFixed(0), 'cpu', ((cpu.user + cpu.system) / 1000).toFixed(0), 'rss', (process.memoryUsage().rss >> 20));
