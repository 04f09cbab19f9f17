// The floor for one search from a Node process: one GET with node:http, the body read whole and parsed with
// JSON.parse, its trips printed as JSON (what `motoroute search --json` does, without the checks).
// Usage: node http-get-parse.mjs URL
import http from 'node:http';

const url = process.argv[2];
if (!url) throw new Error('usage: http-get-parse.mjs URL');
http
  .get(url, (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('end', () => {
      const page = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      process.stdout.write(`${JSON.stringify(page.routes ?? page)}\n`);
    });
  })
  .on('error', (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  });
