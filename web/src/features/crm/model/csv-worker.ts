import { parseCsv } from './papa-csv';

/**
 * Parses a picked CSV file off the main thread (csv-file.ts). Assigned after the imports:
 * Papa Parse, loaded in a worker, installs its own `onmessage`, which this one replaces.
 */
self.onmessage = (event: MessageEvent<File>) => {
  event.data.text().then(
    (text) => self.postMessage({ rows: parseCsv(text) }),
    () => self.postMessage({ error: true }),
  );
};
