// A command that fails mid-stream throws past its writer: the CLI's one failure path (cli/run-command.ts) then
// ends what the writers of the run left open, so the output stays well formed and its exit code says it is
// incomplete, as watch does on Ctrl-C.

/** What a writer does when the run fails: close what it opened (a JSON array), write what it holds. */
export interface AbortableWriter {
  abort(): Promise<void>;
}

const openWriters = new WeakMap<object, Set<AbortableWriter>>();

/** Notes a writer on `stream` as open; the function returned forgets it (when it ended normally). */
export function trackOpenWriter(stream: object, writer: AbortableWriter): () => void {
  let writers = openWriters.get(stream);
  if (!writers) openWriters.set(stream, (writers = new Set()));
  writers.add(writer);
  return () => writers.delete(writer);
}

/** After a failure: every writer still open on `stream` closes its output (a JSON array gets its `]`). */
export async function abortOpenWriters(stream: object): Promise<void> {
  const writers = openWriters.get(stream);
  if (!writers) return;
  openWriters.delete(stream);
  for (const writer of writers) await writer.abort().catch(() => undefined);
}
