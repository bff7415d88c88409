import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ProviderBalance } from '@sneakers/shared/contracts/payments';
import { CURRENCIES, type Currency } from '@sneakers/shared/money';
import type { DocumentClient } from '@sneakers/shared/table/client';
import type { Counters } from './deltas';
import {
  BRAND_REVENUE,
  BRAND_UNITS,
  daySk,
  ledgerPk,
  monthSk,
  PRODUCT_NAME,
  PRODUCT_REVENUE,
  PRODUCT_UNITS,
  PROVIDER_BALANCE_PREFIX,
  statsPk,
  STORE_BALANCE_PREFIX,
} from './keys';
import type { BucketStats, StoreBalance } from './ports';

/** Reads of the aggregate rows the ledger stream keeps (keys in ./keys.ts). */

type Row = Record<string, unknown>;

const num = (row: Row, name: string) => (typeof row[name] === 'number' ? row[name] : 0);
const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** Every page of one Query (one request unless the result passes 1 MB). */
async function queryAll(client: DocumentClient, input: QueryCommandInput): Promise<Row[]> {
  const rows: Row[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    rows.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return rows;
}

function balanceRows(client: DocumentClient, table: string, storeUserId: string, prefix: string) {
  return queryAll(client, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': ledgerPk(storeUserId), ':prefix': prefix },
  });
}

/** The store's balances per currency: one Query. */
export async function readStoreBalances(
  client: DocumentClient,
  table: string,
  storeUserId: string,
): Promise<StoreBalance[]> {
  const rows = await balanceRows(client, table, storeUserId, STORE_BALANCE_PREFIX);
  return rows.flatMap((row) =>
    isCurrency(row.currency)
      ? [
          {
            currency: row.currency,
            stockValue: num(row, 'stockValue'),
            stockUnits: num(row, 'stockUnits'),
            deposits: num(row, 'deposits'),
            owed: num(row, 'owed'),
            unpaid: num(row, 'unpaid'),
            sales: num(row, 'sales'),
          },
        ]
      : [],
  );
}

/** What the store owes each provider, per currency (only what is owed): one Query. */
export async function readProviderBalances(
  client: DocumentClient,
  table: string,
  storeUserId: string,
): Promise<ProviderBalance[]> {
  const rows = await balanceRows(client, table, storeUserId, PROVIDER_BALANCE_PREFIX);
  return rows.flatMap((row) =>
    isCurrency(row.currency) &&
    typeof row.providerId === 'string' &&
    (num(row, 'owed') !== 0 || num(row, 'unpaid') !== 0)
      ? [
          {
            providerId: row.providerId,
            currency: row.currency,
            owed: num(row, 'owed'),
            unpaidCount: num(row, 'unpaid'),
          },
        ]
      : [],
  );
}

function bucketStats(row: Row, key: string): BucketStats {
  const totals: Counters = {};
  const brands = new Map<string, { brand: string; revenue: number; units: number }>();
  const products = new Map<string, { sku: string; name: string; revenue: number; units: number }>();
  const brand = (b: string) => brands.get(b) ?? brands.set(b, { brand: b, revenue: 0, units: 0 }).get(b)!;
  const product = (sku: string) =>
    products.get(sku) ?? products.set(sku, { sku, name: sku, revenue: 0, units: 0 }).get(sku)!;
  for (const [name, value] of Object.entries(row)) {
    const rest = name.slice(3);
    if (name.startsWith(PRODUCT_NAME)) {
      if (typeof value === 'string') product(rest).name = value;
      continue;
    }
    if (typeof value !== 'number') continue;
    if (name.startsWith(BRAND_REVENUE)) brand(rest).revenue = value;
    else if (name.startsWith(BRAND_UNITS)) brand(rest).units = value;
    else if (name.startsWith(PRODUCT_REVENUE)) product(rest).revenue = value;
    else if (name.startsWith(PRODUCT_UNITS)) product(rest).units = value;
    else totals[name] = value;
  }
  const sold = <T extends { revenue: number; units: number }>(m: Map<string, T>) =>
    [...m.values()].filter((x) => x.revenue !== 0 || x.units !== 0);
  return { key, totals, brands: sold(brands), products: sold(products) };
}

/**
 * The store's sales figures of one currency per day (or per month) from `from` to `to`
 * (inclusive; YYYY-MM-DD for days, YYYY-MM for months): one Query; days and months without
 * sales have no row.
 */
export async function readStats(
  client: DocumentClient,
  table: string,
  query: { storeUserId: string; currency: Currency; bucket: 'day' | 'month'; from: string; to: string },
): Promise<BucketStats[]> {
  const sk = query.bucket === 'day' ? daySk : monthSk;
  const rows = await queryAll(client, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': statsPk(query.storeUserId),
      ':from': sk(query.currency, query.from),
      ':to': sk(query.currency, query.to),
    },
  });
  const prefix = sk(query.currency, '').length;
  return rows.flatMap((row) => (typeof row.sk === 'string' ? [bucketStats(row, row.sk.slice(prefix))] : []));
}
