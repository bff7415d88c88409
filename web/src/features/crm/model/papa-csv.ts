import Papa from 'papaparse';

/**
 * CSV text to rows with Papa Parse (RFC 4180 quoting; the delimiter and the line break are
 * detected, so a spreadsheet saved with ';' or tabs reads too). A leading BOM is ignored,
 * and so is the line break after the last record. Only Papa: the worker (csv-worker.ts)
 * loads this file and nothing of the app.
 */
export function parseCsv(text: string): string[][] {
  const bomless = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Without the final line break: Papa would read an empty last record, which also spoils
  // its guess of the delimiter.
  const input = bomless.replace(/(\r\n|\n|\r)$/, '');
  if (input === '') return [];
  return Papa.parse<string[]>(input, { skipEmptyLines: false }).data;
}
