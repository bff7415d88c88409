import { clientCreateSchema, type Client, type ClientCreate } from '@sneakers/shared';
import { neutraliseFormula, restoreFormula } from '@sneakers/shared/rules/spreadsheet-cells';

function quoteField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows to CSV text, CRLF line breaks, fields quoted only when needed. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map(quoteField).join(',')).join('\r\n') + '\r\n';
}

export const CLIENT_CSV_COLUMNS = ['name', 'email', 'phone', 'instagram', 'created_at'] as const;

export { neutraliseFormula, restoreFormula };

export function clientsToCsv(clients: readonly Client[]): string {
  return toCsv([
    [...CLIENT_CSV_COLUMNS],
    ...clients.map((c) =>
      [c.name, c.email, c.phone, c.instagramHandle ?? '', c.createdAt].map(neutraliseFormula),
    ),
  ]);
}

type ClientColumn = 'name' | 'email' | 'phone' | 'instagramHandle';

const HEADER_ALIASES: Record<string, ClientColumn> = {
  name: 'name',
  fullname: 'name',
  clientname: 'name',
  nombre: 'name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  correo: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  telefono: 'phone',
  instagram: 'instagramHandle',
  instagramhandle: 'instagramHandle',
  ig: 'instagramHandle',
};

/** 'Instagram Handle', 'instagram_handle', 'E-mail' → the client field each names. */
export function columnForHeader(header: string): ClientColumn | undefined {
  const key = header
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');
  return HEADER_ALIASES[key];
}

export interface ImportRow {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  values: ClientCreate;
  /** Field errors of clientCreateSchema (messages as the schema gives them). */
  errors: Record<string, string[]>;
}

export interface ParsedImport {
  rows: ImportRow[];
  /** Required columns the header lacks. */
  missingColumns: ClientColumn[];
}

export function validateClientRow(values: ClientCreate): Record<string, string[]> {
  const result = clientCreateSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'row');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The parsed file's rows (csv-parse.ts) as client payloads with their validation; the first
 * row is the header, blank lines are skipped.
 */
export function clientsFromRows(rows: readonly string[][]): ParsedImport {
  const [header = [], ...records] = rows;
  const columns = header.map(columnForHeader);
  const missingColumns = (['name', 'email', 'phone'] as const).filter((c) => !columns.includes(c));
  const parsed: ImportRow[] = [];
  records.forEach((record, index) => {
    if (record.every((v) => v.trim() === '')) return;
    const values: ClientCreate = { name: '', email: '', phone: '' };
    columns.forEach((column, i) => {
      if (!column) return;
      const value = restoreFormula(record[i] ?? '');
      if (column === 'instagramHandle') {
        if (value.trim() !== '') values.instagramHandle = value;
      } else values[column] = value;
    });
    parsed.push({ line: index + 2, values, errors: validateClientRow(values) });
  });
  return { rows: parsed, missingColumns };
}

/** Splits into batches of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
