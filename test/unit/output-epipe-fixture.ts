// Run by output-stdout.test.ts as `node --import tsx output-epipe-fixture.ts | head -n 1`:
// writes rows until the reader goes away, the way the CLI entry point wires stdout.
import { installEpipeHandler } from '../../src/output/stdout.js';
import { tripColumns } from '../../src/output/trip-columns.js';
import { createRowWriter } from '../../src/output/writer.js';

installEpipeHandler(process.stdout, () => process.exit(0));
const settings = {
  format: 'ndjson',
  fields: ['id'],
  width: 80,
  color: false,
  colorLevel: 0,
  stdoutIsTTY: false,
} as const;
const writer = createRowWriter(settings, tripColumns(), process.stdout);
const trip = {
  date: '2026-12-05',
  depart: 'Paris',
  arrival: 'Nice',
  layovers: [],
  price_min: 1,
  price_max: 1,
  slots: [1],
  times: [],
};
for (let row = 0; row < 2_000_000; row += 1) await writer.write({ ...trip, id: `r${row}` });
await writer.end();
// Reaching this line means the reader never went away: the test expects the EPIPE exit above.
process.exit(7);
