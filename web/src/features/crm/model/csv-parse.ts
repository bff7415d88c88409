import { clientsFromRows, type ParsedImport } from './csv';
import { parseCsv } from './papa-csv';

export { parseCsv };

/**
 * A clients CSV's text as validated client payloads. Loaded on its own (a lazy chunk): the
 * crm screen does not carry the parser.
 */
export function parseClientsCsv(text: string): ParsedImport {
  return clientsFromRows(parseCsv(text));
}
