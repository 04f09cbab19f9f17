// Starts the local service (`motoroute serve`) on 127.0.0.1 as a child process, one per data size.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Starts `node <cli> serve --routes N --port 0 --seed 1 …` and resolves with its /v1 URL and a stop(). Its data is
 * of the day MOTOROUTE_NOW names (`--today`), when set: the day the CLI's clock reads.
 */
export function startService(cli, routes, extraArgs = []) {
  const today = process.env.MOTOROUTE_NOW ? ['--today', process.env.MOTOROUTE_NOW.slice(0, 10)] : [];
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--routes', String(routes), '--port', '0', '--seed', '1', ...today, ...extraArgs],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the service with ${routes} routes did not start within 120 s\n${stderr}`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service with ${routes} routes exited with ${code} before printing its URL\n${stderr}`));
    });
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const url = line.trim();
      if (!/^http:\/\/127\.0\.0\.1:\d+\/v1$/.test(url)) {
        void stop();
        reject(new Error(`unexpected first line from the service: ${line}`));
        return;
      }
      child.removeAllListeners('exit');
      resolve({ url, routes, stop });
    });
  });
}
