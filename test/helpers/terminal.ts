import { spawn } from 'node:child_process';
import { CLI, childEnv } from './cli.js';

// Runs a command on a pseudo-terminal of a given width (stdout and stderr on it, stdin on it or
// closed), optionally sends SIGINT after a delay, and prints {code, screen, ms} as JSON; ms is
// the time from the signal to the exit.
const DRIVER = `
import fcntl, json, os, pty, select, signal, struct, subprocess, sys, termios, time
cfg = json.loads(sys.argv[1])
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 40, cfg['columns'], 0, 0))
stdin = slave if cfg['stdinOnTerminal'] else subprocess.DEVNULL
child = subprocess.Popen(cfg['argv'], stdin=stdin, stdout=slave, stderr=slave, env=cfg['env'], close_fds=True)
os.close(slave)
chunks = []
started = time.time()
signalled = None
while True:
    if cfg['interruptAfter'] is not None and signalled is None and time.time() - started >= cfg['interruptAfter']:
        child.send_signal(signal.SIGINT)
        signalled = time.time()
    ready, _, _ = select.select([master], [], [], 0.05)
    if ready:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    elif child.poll() is not None:
        break
    if time.time() - started > 20:
        child.kill()
code = child.wait(timeout=20)
ms = -1 if signalled is None else int((time.time() - signalled) * 1000)
print(json.dumps({'code': code, 'screen': b''.join(chunks).decode('utf-8', 'replace'), 'ms': ms}))
`;

export interface TerminalResult {
  code: number | null;
  /** Everything written to the terminal, escape sequences included, with \r\n line ends. */
  screen: string;
  /** Milliseconds from SIGINT to the exit (-1 without interruptAfterSeconds). */
  ms: number;
}

export interface TerminalOptions {
  columns?: number;
  env?: Record<string, string>;
  /** Send SIGINT this many seconds after the start. */
  interruptAfterSeconds?: number;
  /** Put stdin on the terminal too (default: closed). */
  stdinOnTerminal?: boolean;
}

/** Runs the built CLI on a pseudo-terminal `columns` wide (python3's pty module drives it). */
export function runOnTerminal(args: string[], options: TerminalOptions = {}): Promise<TerminalResult> {
  const config = {
    argv: [process.execPath, CLI, ...args],
    columns: options.columns ?? 100,
    interruptAfter: options.interruptAfterSeconds ?? null,
    stdinOnTerminal: options.stdinOnTerminal ?? false,
    env: childEnv({ TERM: 'xterm-256color', ...options.env }),
  };
  return runPythonDriver<TerminalResult>(DRIVER, config);
}

/** Runs a python3 driver script with `config` as its JSON argument and resolves with the JSON it prints. */
export function runPythonDriver<T>(script: string, config: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const driver = spawn('python3', ['-c', script, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    driver.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    driver.on('error', reject);
    driver.on('close', () => {
      try {
        resolve(JSON.parse(output) as T);
      } catch {
        reject(new Error(`the python3 driver printed: ${output}`));
      }
    });
  });
}
