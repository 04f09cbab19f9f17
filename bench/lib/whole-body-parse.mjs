// The in-process bound of the listing benchmark: download the whole body with node:http, concatenate,
// one JSON.parse, then filter Paris → Marseille the way `motoroute list --from Paris --to Marseille` does
// (case- and accent-folded substrings over depart, layovers, arrival, in order). Prints the match count.
// Usage: node whole-body-parse.mjs URL FROM TO
import http from 'node:http';

const [url, from = 'Paris', to = 'Marseille'] = process.argv.slice(2);
if (!url) throw new Error('usage: whole-body-parse.mjs URL [FROM] [TO]');

const foldCache = new Map();
const fold = (name) => {
  let folded = foldCache.get(name);
  if (folded === undefined) {
    folded = name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[\s\-_'’]+/g, ' ')
      .trim();
    foldCache.set(name, folded);
  }
  return folded;
};
const wantedFrom = fold(from);
const wantedTo = fold(to);

function stopsOf(record) {
  if (Array.isArray(record.layovers)) return [record.depart, ...record.layovers, record.arrival];
  const stops = [record.depart];
  for (let n = 1; typeof record[`layover${n}`] === 'string'; n++)
    if (record[`layover${n}`] !== '') stops.push(record[`layover${n}`]);
  stops.push(record.arrival);
  return stops;
}

function matches(record) {
  const stops = stopsOf(record).map((stop) => fold(String(stop)));
  const first = stops.findIndex((stop) => stop.includes(wantedFrom));
  if (first < 0) return false;
  const last = stops.findLastIndex((stop) => stop.includes(wantedTo));
  return last > first;
}

const body = await new Promise((resolve, reject) => {
  http
    .get(url, (response) => {
      if (response.statusCode !== 200) reject(new Error(`HTTP ${response.statusCode}`));
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    })
    .on('error', reject);
});
const records = JSON.parse(body.toString('utf8'));
let count = 0;
for (const record of records) if (matches(record)) count++;
process.stdout.write(`${count}\n`);
