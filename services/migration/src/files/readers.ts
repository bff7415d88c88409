import { Readable } from 'node:stream';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_SAMPLE_ROWS,
} from '@sneakers/shared/contracts/migration';
import { BadRequestError } from '@sneakers/shared/errors';
import { restoreFormula } from '@sneakers/shared/rules/spreadsheet-cells';
import { loadPapaParse, loadXlsxReader } from './spreadsheet-libraries';

/**
 * The spreadsheet readers of an import (docs/adr/0031-spreadsheet-readers.md): Papa Parse over
 * a stream of the stored file for CSV, `read-excel-file` for XLSX (read whole, bounded by
 * IMPORT_MAX_FILE_BYTES), both loaded on the first read (spreadsheet-libraries.ts). Every cell comes out as text, formulas included (never evaluated:
 * a cell starting with = + - @ is text, with the export's protective apostrophe taken off).
 * A file that cannot be read throws a 400 with a code the UI explains, before anything is
 * written.
 */

export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

export interface CsvDialect {
  encoding: CsvEncoding;
  delimiter: string;
}

/** Opens the stored file's bytes from the start (each call a new read). */
export type OpenBytes = () => Promise<AsyncIterable<Uint8Array>>;

/** Lines a sheet may have: the data rows' limit plus room for the rows above the headers. */
export const MAX_SHEET_ROWS = IMPORT_MAX_ROWS + IMPORT_SAMPLE_ROWS;

export const fileProblem = {
  empty: () => new BadRequestError('FILE_EMPTY', 'The file is empty.'),
  binary: () => new BadRequestError('FILE_BINARY', 'The file is not a spreadsheet: it holds binary data.'),
  type: () =>
    new BadRequestError(
      'FILE_TYPE',
      'Upload a CSV or an XLSX file (an old .xls file: save it as .xlsx first).',
    ),
  tooManyRows: () =>
    new BadRequestError(
      'TOO_MANY_ROWS',
      `An import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows.`,
    ),
  tooManyColumns: () =>
    new BadRequestError('TOO_MANY_COLUMNS', `A sheet may have at most ${IMPORT_MAX_COLUMNS} columns.`),
  unclosedQuote: (line: number) =>
    new BadRequestError('UNCLOSED_QUOTE', `A quote opened on row ${line} never closes.`),
  mixedEncoding: () =>
    new BadRequestError(
      'MIXED_ENCODING',
      'The file mixes text encodings (part UTF-8, part another): save it again as UTF-8.',
    ),
  unreadable: () => new BadRequestError('FILE_UNREADABLE', 'The file cannot be read as a spreadsheet.'),
};

/** A cell as imported: formula protection undone, kept as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return restoreFormula(String(value));
}

// ------------------------------------------------------------ CSV

/** The encoding a byte order mark names, or null (then UTF-8, else Windows-1252). */
export function encodingByBom(head: Uint8Array): CsvEncoding | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

class NotUtf8 extends Error {}

/** Characters handed to the parser at a time. */
const TEXT_CHUNK = 64 * 1024;

/**
 * The file's text, chunk by chunk. UTF-8 is decoded strictly (`fatal`), so a file that is
 * not UTF-8 is noticed and read again as Windows-1252; a NUL byte outside UTF-16 is binary;
 * a Windows-1252 file also holding UTF-8 sequences (é as C3 A9) mixes encodings.
 */
async function* decode(open: OpenBytes, encoding: CsvEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: false });
  const utf16 = encoding.startsWith('utf-16');
  let previous = 0;
  let pending = '';
  for await (const chunk of await open()) {
    if (!utf16) {
      if (chunk.includes(0)) throw fileProblem.binary();
      if (encoding === 'windows-1252' && hasUtf8Sequence(chunk, previous)) throw fileProblem.mixedEncoding();
      previous = chunk.length ? (chunk[chunk.length - 1] ?? 0) : previous;
    }
    try {
      pending += decoder.decode(chunk, { stream: true });
    } catch {
      throw new NotUtf8();
    }
    // Papa Parse guesses the line ending and the delimiter from its first chunk: whole lines.
    if (pending.length >= TEXT_CHUNK) {
      yield pending;
      pending = '';
    }
  }
  try {
    pending += decoder.decode();
  } catch {
    throw new NotUtf8();
  }
  if (pending) yield pending;
}

/** A two-byte UTF-8 sequence of a Latin letter (C3 80..BF): what UTF-8 text inside a 1252 file shows. */
function hasUtf8Sequence(chunk: Uint8Array, before: number): boolean {
  let prev = before;
  for (const byte of chunk) {
    if (prev === 0xc3 && byte >= 0x80 && byte <= 0xbf) return true;
    prev = byte;
  }
  return false;
}

/** What a reader's consumer answers: 'stop' when it has read enough (the file is let go). */
export type RowsHandler = (rows: string[][], firstLine: number) => Promise<void | 'stop'> | void | 'stop';

/**
 * Reads a CSV file row by row: `onRows` gets each parsed chunk's rows (cells as text) and may
 * take its time (the parser waits), or answer 'stop' (the rest is not read; `rows` then counts
 * the rows handed over). The dialect found (encoding, delimiter) comes back so the next reads
 * of the same file skip the guessing. Stops with TOO_MANY_ROWS past MAX_SHEET_ROWS.
 */
export async function readCsv(
  open: OpenBytes,
  onRows: RowsHandler,
  known?: CsvDialect,
): Promise<CsvDialect & { rows: number }> {
  let encoding = known?.encoding;
  if (!encoding) encoding = await detectEncoding(open);
  try {
    return await parse(open, encoding, onRows, known?.delimiter);
  } catch (error) {
    throw error instanceof NotUtf8 ? fileProblem.unreadable() : error;
  }
}

/**
 * The encoding of a file whose encoding is not known yet: its BOM's, else UTF-8 when every
 * byte decodes as UTF-8 (one streamed pass, before any row is handed out), else Windows-1252.
 */
export async function detectEncoding(open: OpenBytes): Promise<CsvEncoding> {
  let head: Uint8Array | null = null;
  for await (const chunk of await open()) {
    if (chunk.length === 0) continue;
    head = chunk;
    break;
  }
  if (!head) throw fileProblem.empty();
  const byBom = encodingByBom(head);
  if (byBom) return byBom;
  try {
    for await (const _ of decode(open, 'utf-8'));
    return 'utf-8';
  } catch (error) {
    if (error instanceof NotUtf8) return 'windows-1252';
    throw error;
  }
}

/** Batches queued ahead of a slow consumer before the file's stream is paused. */
const QUEUE_HIGH = 8;

async function parse(
  open: OpenBytes,
  encoding: CsvEncoding,
  onRows: RowsHandler,
  delimiter: string | undefined,
): Promise<CsvDialect & { rows: number }> {
  const Papa = await loadPapaParse();
  const input = Readable.from(decode(open, encoding), { objectMode: true });
  // Papa Parse pushes each chunk's rows as it reads; a slow consumer pauses the file's
  // stream (not the parser), so memory holds at most QUEUE_HIGH chunks of rows.
  const queue: string[][][] = [];
  let done = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  let found = delimiter ?? '';
  let lines = 0;
  let filled = false;
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    input.destroy();
    notify();
  };
  input.on('error', fail);
  Papa.parse<string[]>(input, {
    delimiter: delimiter ?? '',
    delimitersToGuess: [...CSV_DELIMITERS],
    // Blank lines are nothing to import, and would spoil the delimiter's guess.
    skipEmptyLines: true,
    chunk(results, parser) {
      if (failure) return;
      if (!found) found = results.meta.delimiter;
      const unclosed = results.errors.find((e) => e.code === 'MissingQuotes');
      if (unclosed) {
        parser.abort();
        fail(fileProblem.unclosedQuote(lines + (unclosed.row ?? 0) + 1));
        return;
      }
      lines += results.data.length;
      if (lines > MAX_SHEET_ROWS + 1) {
        parser.abort();
        fail(fileProblem.tooManyRows());
        return;
      }
      if (results.data.some((row) => row.length > IMPORT_MAX_COLUMNS)) {
        parser.abort();
        fail(fileProblem.tooManyColumns());
        return;
      }
      const batch = results.data.map((row) => row.map(cellText));
      filled ||= batch.some((row) => row.some((cell) => cell.trim() !== ''));
      queue.push(batch);
      if (queue.length >= QUEUE_HIGH) input.pause();
      notify();
    },
    complete() {
      done = true;
      notify();
    },
    error: fail,
  });
  let rows = 0;
  for (;;) {
    if (failure) throw failure;
    const batch = queue.shift();
    if (batch) {
      if (queue.length < QUEUE_HIGH / 2 && input.isPaused()) input.resume();
      const first = rows;
      rows += batch.length;
      let answer: void | 'stop';
      try {
        answer = await onRows(batch, first);
      } catch (error) {
        // The consumer gave up: the file's stream (an open S3 GET) is let go, not left paused.
        input.destroy();
        throw error;
      }
      if (answer === 'stop') {
        input.destroy();
        return { encoding, delimiter: found || ',', rows };
      }
      continue;
    }
    if (done) break;
    await new Promise<void>((resolve) => (wake = resolve));
  }
  if (failure) throw failure;
  if (!filled) throw fileProblem.empty();
  return { encoding, delimiter: found || ',', rows };
}

// ------------------------------------------------------------ XLSX

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * A workbook's sheets, every cell as text (dates YYYY-MM-DD, numbers as typed). Read whole:
 * an XLSX is a zip whose sheet XML can only be read once unzipped (the ADR's "what streams").
 */
export async function readXlsx(bytes: Uint8Array): Promise<{ sheet: string; rows: string[][] }[]> {
  if (bytes.length === 0) throw fileProblem.empty();
  if (!ZIP_MAGIC.every((b, i) => bytes[i] === b))
    throw bytes.includes(0) ? fileProblem.binary() : fileProblem.type();
  const { default: readXlsxFile, InvalidInputError } = await loadXlsxReader();
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      trim: false,
    });
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'NO_DATA') throw fileProblem.empty();
    throw fileProblem.unreadable();
  }
  return sheets.map(({ sheet, data }) => {
    if (data.length > MAX_SHEET_ROWS + 1) throw fileProblem.tooManyRows();
    if (data.some((row) => row.length > IMPORT_MAX_COLUMNS)) throw fileProblem.tooManyColumns();
    return { sheet, rows: data.map((row) => row.map(cellText)) };
  });
}

// ------------------------------------------------------------ file names

/** The format a file name's extension says, or null (refused with FILE_TYPE). */
export function formatOfFileName(fileName: string): 'csv' | 'xlsx' | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  return null;
}

/** Bytes of a whole stored file (XLSX), read once. */
export async function collectBytes(source: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of source) {
    parts.push(part);
    length += part.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
