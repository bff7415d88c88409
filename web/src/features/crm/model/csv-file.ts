import { clientsFromRows, type ParsedImport } from './csv';

function inWorker(file: File): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ rows?: string[][]; error?: true }>) => {
      worker.terminate();
      if (event.data.rows) resolve(event.data.rows);
      else reject(new Error('The file could not be read'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(file);
  });
}

/**
 * A picked clients CSV, parsed by Papa Parse in a worker so a large file does not freeze the
 * screen; where workers are missing (tests), in a lazy chunk on the main thread.
 */
export async function readClientsFile(file: File): Promise<ParsedImport> {
  if (typeof Worker !== 'undefined') return clientsFromRows(await inWorker(file));
  const { parseCsv } = await import('./csv-parse');
  return clientsFromRows(parseCsv(await file.text()));
}
