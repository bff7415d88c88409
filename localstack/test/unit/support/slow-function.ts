import { appendFileSync } from 'node:fs';

/**
 * A function entry for the fault switch's test: `{ file }` makes it write a line to the file
 * every 20 ms for ever (until its runtime is killed); `{ answer }` answers it at once.
 */
export async function handler(event: { file?: string; answer?: unknown }): Promise<unknown> {
  if (event.file === undefined) return { answer: event.answer, pid: process.pid };
  for (;;) {
    appendFileSync(event.file, 'beat\n');
    await new Promise((r) => setTimeout(r, 20));
  }
}
