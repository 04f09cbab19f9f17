// Runs a command with stdin and stderr on a pseudo-terminal (stdout stays a pipe, so it holds only the result) and
// answers each prompt once its text has appeared. Prints {code, stdout, screen} as JSON.
export const PTY_DRIVER = String.raw`
import json, os, pty, re, select, subprocess, sys, time
cfg = json.loads(sys.argv[1])
master, slave = pty.openpty()
child = subprocess.Popen(cfg['argv'], stdin=slave, stderr=slave, stdout=subprocess.PIPE, env=cfg['env'], close_fds=True)
os.close(slave)
screen = ''
ansi = re.compile(r'\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]')
def pump(seconds):
    global screen
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            screen += ansi.sub('', data.decode('utf-8', 'replace'))
mark = 0
for expect, send, pause in cfg['steps']:
    deadline = time.time() + 8
    pattern = re.compile(expect)
    while not pattern.search(screen, mark) and time.time() < deadline:
        pump(0.05)
    found = pattern.search(screen, mark)
    if not found:
        child.kill()
        print(json.dumps({'code': None, 'stdout': '', 'screen': screen, 'missed': expect}))
        sys.exit(0)
    mark = found.end()
    for part in send:
        os.write(master, part.encode())
        pump(pause)
stdout = child.communicate(timeout=10)[0].decode()
pump(0.1)
print(json.dumps({'code': child.returncode, 'stdout': stdout, 'screen': screen}))
`;
