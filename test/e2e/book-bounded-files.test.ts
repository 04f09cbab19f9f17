import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// Item 8 of the desk's-day issue: a file no desk's day reaches is refused before it is read or unpacked.

const folder = mkdtempSync(join(tmpdir(), 'motoroute-bounded-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// Each run writes its peak resident memory on exit, through a preload of its own: the kernel's high-water mark of
// the process's own memory (VmHWM, KiB), not getrusage's maxRSS, which keeps the forking test worker's size across exec.
const peakFile = join(folder, 'peak-rss');
const preload = join(folder, 'peak-rss.cjs');
writeFileSync(
  preload,
  `const fs = require('node:fs');
process.on('exit', () => {
  let peak = process.resourceUsage().maxRSS;
  try {
    peak = Number(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {}
  fs.writeFileSync(process.env.PEAK_RSS_FILE, String(peak));
});
`,
);
const book = (file: string) =>
  runCli(['--base-url', 'http://127.0.0.1:9', 'book', '--from-file', file, '--json'], {
    env: { NODE_OPTIONS: `--require ${preload}`, PEAK_RSS_FILE: peakFile },
  });
/** The last run's peak memory in MiB. */
const peakMiB = () => Number(readFileSync(peakFile, 'utf8')) / 1024;
const BOUND_MIB = 200;
const sheet = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'desk', 'demandes.xlsx');

interface ZipEntry {
  name: string;
  data: Buffer;
  /** The unpacked size the zip declares (a bomb may lie). */
  declared: number;
}

/** A zip of deflated entries, with no CRC (nothing here is meant to be opened past its sizes). */
function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declared } of entries) {
    const nameBytes = Buffer.from(name, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const workbook = Buffer.from('<workbook/>');
const sheetOf = (bytes: number) =>
  deflateRawSync(Buffer.concat([Buffer.from('<worksheet>'), Buffer.alloc(bytes, 0x20)]), { level: 9 });

describe('bounded request files', () => {
  it('refuses a workbook whose parts declare more than 16 MiB unpacked, without unpacking it', async () => {
    const file = join(folder, 'bomb.xlsx');
    const inner = sheetOf(1024);
    // Declared sizes only: 300 parts of 1 MiB each, the data tiny.
    const parts = Array.from({ length: 300 }, (_, index) => ({
      name: `xl/worksheets/sheet${index}.xml`,
      data: inner,
      declared: 1024 * 1024,
    }));
    writeFileSync(file, zip([{ name: 'xl/workbook.xml', data: deflateRawSync(workbook), declared: 11 }, ...parts]));
    const result = await book(file);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: .*bomb\.xlsx: the workbook unpacks to 300 MiB, more than the 16 MiB/);
    expect(peakMiB()).toBeLessThan(BOUND_MIB);
  });

  it('refuses a workbook part that unpacks past the size it declares, stopping there', async () => {
    const file = join(folder, 'liar.xlsx');
    const big = sheetOf(100 * 1024 * 1024);
    expect(big.length).toBeLessThan(1024 * 1024);
    writeFileSync(
      file,
      zip([
        { name: 'xl/workbook.xml', data: deflateRawSync(workbook), declared: 11 },
        { name: 'xl/worksheets/sheet1.xml', data: big, declared: 4096 },
      ]),
    );
    const result = await book(file);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/sheet1\.xml unpacks to more than the 4 KiB it declares/);
    expect(peakMiB()).toBeLessThan(BOUND_MIB);
  });

  it('names a workbook cut short, and a spreadsheet program\u2019s lock file', async () => {
    const cut = join(folder, 'journee.xlsx');
    const whole = readFileSync(sheet);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const truncated = await book(cut);
    expect(truncated.code).toBe(2);
    expect(truncated.stderr).toMatch(/journee\.xlsx: the workbook is incomplete \(cut short/);

    // What Excel writes beside an open workbook: the user's name, padded with NUL bytes.
    const lock = join(folder, '~$journee.xlsx');
    writeFileSync(
      lock,
      Buffer.concat([Buffer.from([6]), Buffer.from('Agent'), Buffer.alloc(50), Buffer.alloc(100, 0x20)]),
    );
    const locked = await book(lock);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toMatch(
      /is the lock file a spreadsheet program keeps while a workbook is open, not the workbook/,
    );
  });

  it('refuses a 200 MB file by its size before reading it, and says the size', async () => {
    const file = join(folder, 'huge.csv');
    writeFileSync(file, 'from,to,date,formula\n');
    truncateSync(file, 200 * 1000 * 1000);
    const result = await book(file);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `Error: --from-file: ${file} is 190.7 MiB, more than the 10 MiB motoroute reads in one file of rows; split it into smaller files.\n`,
    );
    expect(peakMiB()).toBeLessThan(BOUND_MIB);
  });

  it('refuses /dev/zero and a FIFO nobody writes to as not regular files, at once', async () => {
    const zero = await book('/dev/zero');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/^Error: --from-file: \/dev\/zero is a device, not a regular file/);
    expect(peakMiB()).toBeLessThan(BOUND_MIB);

    const fifo = join(folder, 'requests.fifo');
    execFileSync('mkfifo', [fifo]);
    const piped = await book(fifo);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/requests\.fifo is a FIFO \(a pipe\), not a regular file/);
  });

  it('stops reading stdin past 10 MiB', async () => {
    const input = `from,to,date,formula\n${'Paris,Lyon,2099-01-01,rider\n'.repeat(400_000)}`;
    const result = await runCli(['--base-url', 'http://127.0.0.1:9', 'book', '--from-file', '-', '--json'], { input });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/stdin is more than 10 MiB/);
  });
});
