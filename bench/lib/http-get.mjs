// The floor for one request from a Node process: one GET with node:http, body printed as it came.
// Usage: node http-get.mjs URL
import http from 'node:http';

const url = process.argv[2];
if (!url) throw new Error('usage: http-get.mjs URL');
http
  .get(url, (response) => {
    response.pipe(process.stdout);
  })
  .on('error', (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  });
