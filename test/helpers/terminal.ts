import { type ChildProcess, spawn } from 'node:child_process';
import { CLI, childEnv } from './cli.js';
import { until } from './timers.js';

// Runs a command on a pseudo-terminal of a given width (stdout and stderr on it, stdin on it or
// closed), optionally sends SIGINT (after a delay, once some text is shown, or when the test asks with SIGUSR1),
// and prints {code, screen, ms} as JSON; ms is the time from the signal to the exit.
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
seen = 0
asked = False
def ask(*_):
    global asked
    asked = True
signal.signal(signal.SIGUSR1, ask)
print('ready', file=sys.stderr, flush=True)
while True:
    due = cfg['interruptAfter'] is not None and time.time() - started >= cfg['interruptAfter']
    shown = cfg['interruptOnceShown'] is not None and seen >= cfg['interruptOnceShown']['times']
    if signalled is None and (due or shown or asked):
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
        if cfg['interruptOnceShown'] is not None and signalled is None:
            seen = b''.join(chunks).count(cfg['interruptOnceShown']['text'].encode())
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
  /** Send SIGINT once `text` has been shown `times` times: at a point of the run, however fast the machine. */
  interruptOnceShown?: { text: string; times: number };
  /** Send SIGINT once this holds (looked at every few ms): at a point of the run that the test sees, such as a request. */
  interruptWhen?: () => boolean;
  /** Put stdin on the terminal too (default: closed). */
  stdinOnTerminal?: boolean;
}

/** Runs the built CLI on a pseudo-terminal `columns` wide (python3's pty module drives it). */
export function runOnTerminal(args: string[], options: TerminalOptions = {}): Promise<TerminalResult> {
  const config = {
    argv: [process.execPath, CLI, ...args],
    columns: options.columns ?? 100,
    interruptAfter: options.interruptAfterSeconds ?? null,
    interruptOnceShown: options.interruptOnceShown ?? null,
    stdinOnTerminal: options.stdinOnTerminal ?? false,
    env: childEnv({ TERM: 'xterm-256color', ...options.env }),
  };
  const { interruptWhen } = options;
  return runPythonDriver<TerminalResult>(
    DRIVER,
    config,
    interruptWhen &&
      ((driver, ended) =>
        void until(() => ended() || interruptWhen()).then(() => {
          if (!ended()) driver.kill('SIGUSR1');
        })),
  );
}

/**
 * Runs a python3 driver script with `config` as its JSON argument and resolves with the JSON it prints. `onReady`
 * gets the driver once it has said `ready` on stderr (its signal handlers are set), and whether it has ended.
 */
export function runPythonDriver<T>(
  script: string,
  config: unknown,
  onReady?: (driver: ChildProcess, ended: () => boolean) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const driver = spawn('python3', ['-c', script, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let ended = false;
    driver.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    let said = '';
    driver.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const first = said === '';
      said += chunk;
      if (first && said.startsWith('ready')) onReady?.(driver, () => ended);
      // What else the driver says (a Python error) goes where it went before: this process's stderr.
      process.stderr.write(first && said.startsWith('ready') ? chunk.replace(/^ready\n/, '') : chunk);
    });
    driver.on('error', reject);
    driver.on('close', () => {
      ended = true;
      try {
        resolve(JSON.parse(output) as T);
      } catch {
        reject(new Error(`the python3 driver printed: ${output}`));
      }
    });
  });
}
