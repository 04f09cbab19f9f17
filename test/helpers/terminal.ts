import { spawn } from 'node:child_process';
import { CLI, isolatedConfigDir } from './cli.js';

// Runs a command with stdout and stderr on one pseudo-terminal of a given width, stdin closed,
// and prints {code, screen} as JSON.
const DRIVER = String.raw`
import fcntl, json, os, pty, select, struct, subprocess, sys, termios
cfg = json.loads(sys.argv[1])
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 40, cfg['columns'], 0, 0))
child = subprocess.Popen(cfg['argv'], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, env=cfg['env'], close_fds=True)
os.close(slave)
chunks = []
while True:
    ready, _, _ = select.select([master], [], [], 0.1)
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
code = child.wait(timeout=20)
print(json.dumps({'code': code, 'screen': b''.join(chunks).decode('utf-8', 'replace')}))
`;

export interface TerminalResult {
  code: number | null;
  /** Everything written to the terminal, escape sequences included, with \r\n line ends. */
  screen: string;
}

/** Runs the built CLI on a pseudo-terminal `columns` wide (python3's pty module drives it). */
export function runOnTerminal(args: string[], options: { columns?: number; env?: Record<string, string> } = {}): Promise<TerminalResult> {
  const config = {
    argv: [process.execPath, CLI, ...args],
    columns: options.columns ?? 100,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
      MOTOROUTE_CONFIG_DIR: isolatedConfigDir(),
      ...options.env,
    },
  };
  return new Promise((resolve, reject) => {
    const driver = spawn('python3', ['-c', DRIVER, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    driver.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    driver.on('error', reject);
    driver.on('close', () => {
      try {
        resolve(JSON.parse(output) as TerminalResult);
      } catch {
        reject(new Error(`the terminal driver printed: ${output}`));
      }
    });
  });
}
