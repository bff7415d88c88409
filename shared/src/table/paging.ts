import { ValidationError } from '../errors';
import type { Page, PageRequest } from '../paging/page';
import { TABLE_KEYS, type IndexName } from './definition';

/**
 * One page of a Query, with the cursor checked before DynamoDB sees it. Cursors are
 * ElectroDB's (base64url JSON of the last evaluated key); a cursor we did not issue
 * (wrong keys, wrong types, `__proto__`, another partition) is the caller's 400, never a
 * 500 from DynamoDB's "Exclusive Start Key must have same size as table's key schema".
 */
const invalidCursor = () =>
  new ValidationError('The page cursor is not valid.', { cursor: ['Invalid cursor'] });

function expectedKeys(index: IndexName | undefined): string[] {
  const keys: string[] = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey];
  const gsi = TABLE_KEYS.indexes.find((i) => i.name === index);
  if (gsi) keys.push(gsi.partitionKey, gsi.sortKey);
  return keys.sort();
}

/** Throws 400 unless `cursor` decodes to exactly the key attributes of `index` (or the table). */
export function checkCursor(cursor: string, index?: IndexName): void {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalidCursor();
  const keys = Object.keys(decoded).sort();
  const expected = expectedKeys(index);
  if (keys.length !== expected.length || keys.some((k, i) => k !== expected[i])) throw invalidCursor();
  if (Object.values(decoded).some((v) => typeof v !== 'string' || v.length === 0 || v.length > 1024))
    throw invalidCursor();
}

/** What an ElectroDB query's `.go()` answers. */
interface QueryResult<Row> {
  data: Row[];
  cursor: string | null;
}

export interface PageOptions {
  /** The GSI the query runs on (undefined: the table). */
  index?: IndexName;
  defaultLimit: number;
}

/**
 * Runs one page of a query: `run` gets ElectroDB's `go` options (cursor, limit); each row
 * is mapped to a record. DynamoDB rejecting a start key outside the query is also a 400.
 */
export async function queryPage<Row, T>(
  page: PageRequest,
  options: PageOptions,
  run: (go: { cursor: string | null; limit: number }) => Promise<QueryResult<Row>>,
  map: (row: Row) => T,
): Promise<Page<T>> {
  if (page.cursor) checkCursor(page.cursor, options.index);
  try {
    const { data, cursor } = await run({
      cursor: page.cursor ?? null,
      limit: page.limit ?? options.defaultLimit,
    });
    return { items: data.map(map), cursor: cursor ?? null };
  } catch (error) {
    if (
      /ExclusiveStartKey|starting key|Invalid cursor|Unable to parse cursor/i.test(
        (error as Error).message ?? '',
      )
    )
      throw invalidCursor();
    throw error;
  }
}
