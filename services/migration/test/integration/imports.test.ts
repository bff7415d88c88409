import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '@sneakers/shared/contracts/catalog';
import {
  createDataImport,
  dryRunDataImport,
  getDataImport,
  getDataImportErrorReport,
  mapDataImport,
  readDataImportFile,
  startDataImport,
  undoDataImport,
  type DataImport,
} from '@sneakers/shared/contracts/migration';
import { api, newUser, pipelineAtRest, poll, rejection } from '../../../../tests/support/cloud-client';
import { checked, inventoryKeys, portability } from './support';

type Client = ReturnType<typeof api>;

/**
 * Imports through the local cloud: the API, the uploads bucket (presigned PUT), the worker
 * on the event bus and lists-portability over the Lambda Invoke API; items read back by
 * the owner's `keys` (the import key of every item the user owns).
 */

async function upload(client: Client, fileName: string, bytes: Uint8Array, size = bytes.length) {
  const created = await client.call(createDataImport, {
    body: { kind: 'inventory', fileName, size, contentType: 'text/csv' },
  });
  const put = await fetch(created.upload.url, {
    method: 'PUT',
    headers: created.upload.headers,
    body: Buffer.from(bytes),
  });
  expect(put.status).toBe(200);
  return created.import.importId;
}

/**
 * Uploads, reads and maps the file, waits for the worker's check of the rows (the mapping
 * answers `validating` at once), optionally waits for a dry run, then imports it.
 */
async function importFile(
  client: Client,
  fileName: string,
  bytes: Uint8Array,
  options: { dryRun?: (dry: NonNullable<DataImport['dryRun']>) => void } = {},
): Promise<DataImport> {
  const importId = await upload(client, fileName, bytes);
  const read = await client.call(readDataImportFile, { params: { importId }, body: {} });
  const mapping = await client.call(mapDataImport, {
    params: { importId },
    body: { sheet: read.import.sheet ?? '', headerRow: read.suggestedHeaderRow },
  });
  expect(mapping.import.status).toBe('validating');
  const mapped = await checked(client, importId);
  expect(mapped.status).toBe('mapped');
  if (options.dryRun) {
    const started = await client.call(dryRunDataImport, { params: { importId } });
    expect(started.import.dryRun?.state).toBe('running');
    const counted = await poll(
      async () => (await client.call(getDataImport, { params: { importId } })).import,
      (i) => i.dryRun?.state === 'done',
      600_000,
    );
    expect(counted.dryRun).not.toBeNull();
    if (counted.dryRun) options.dryRun(counted.dryRun);
  }
  await client.call(startDataImport, { params: { importId }, idempotencyKey: `start-${randomUUID()}` });
  return finished(client, importId);
}

const finished = (client: Client, importId: string) =>
  poll(
    async () => (await client.call(getDataImport, { params: { importId } })).import,
    (i) => ['completed', 'undone', 'failed'].includes(i.status),
    900_000,
  );

const text = (s: string) => new TextEncoder().encode(s);

let store: Client;
let userId: string;
let dunkId: string;
const dunkSku = `DQ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}-100`;

beforeAll(async () => {
  const user = await newUser();
  store = api(user.token);
  userId = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
  const admin = api((await newUser({ superuser: true })).token);
  const { product } = await admin.call(createProduct, {
    body: {
      sku: dunkSku,
      name: 'Nike Dunk Low Retro',
      brand: 'Nike',
      releaseDate: '2021-01-14',
      retailPrice: 11_000,
      colorway: 'White/Black',
      variants: [{ label: 'EU 42', size: { eu: '42', usM: '8.5' } }],
    },
  });
  dunkId = product.id;
}, 120_000);

describe('bad files', () => {
  it.each([
    ['empty.csv', new Uint8Array(0), 'FILE_EMPTY'],
    ['binary.csv', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), 'FILE_BINARY'],
    ['quote.csv', text('sku,name,size\n"DD1391-100,Dunk,42\n'), 'UNCLOSED_QUOTE'],
    ['fake.xlsx', text('sku,name\n1,2\n'), 'FILE_TYPE'],
    [
      'mixed.csv',
      new Uint8Array([...text('sku,name,size\nA,Ni'), 0xf1, ...text('o,42\nB,Niño,43\n')]),
      'MIXED_ENCODING',
    ],
  ])('%s answers %s and writes nothing', async (fileName, bytes, code) => {
    // An empty file is refused at create already (size 0).
    if (bytes.length === 0) {
      const refused = await rejection(
        store.call(createDataImport, {
          body: { kind: 'inventory', fileName, size: 0, contentType: 'text/csv' },
        }),
      );
      expect(refused.status).toBe(400);
      return;
    }
    const importId = await upload(store, fileName, bytes);
    const error = await rejection(store.call(readDataImportFile, { params: { importId }, body: {} }));
    expect([error.status, error.code]).toEqual([400, code]);
    const after = (await store.call(getDataImport, { params: { importId } })).import;
    expect(after).toMatchObject({ status: 'failed', error: { code } });
  });

  it('answers HEADER_ONLY and DUPLICATE_HEADERS at the mapping step, a wrong extension and 100 MB at create', async () => {
    for (const [bytes, code] of [
      [text('sku,name,size\n'), 'HEADER_ONLY'],
      [text('sku,name,Name\nA,B,C\n'), 'DUPLICATE_HEADERS'],
    ] as const) {
      const importId = await upload(store, 'x.csv', bytes);
      await store.call(readDataImportFile, { params: { importId }, body: {} });
      const error = await rejection(
        store.call(mapDataImport, { params: { importId }, body: { sheet: '', headerRow: 0 } }),
      );
      expect([error.status, error.code]).toEqual([400, code]);
    }
    for (const [fileName, size, code] of [
      ['stock.pdf', 10, 'FILE_TYPE'],
      ['stock.csv', 100 * 1024 * 1024, 'FILE_TOO_LARGE'],
    ] as const) {
      const error = await rejection(
        store.call(createDataImport, {
          body: { kind: 'inventory', fileName, size, contentType: 'text/csv' },
        }),
      );
      expect([error.status, error.code]).toEqual([400, code]);
    }
    expect(await inventoryKeys(userId)).toEqual([]);
  });
});

describe('a Shopify product export', () => {
  it('imports a Shopify product export in its current and its older headers, sizes from Option1, style codes linked', async () => {
    const user = await newUser();
    const client = api(user.token);
    const owner = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString())
      .sub as string;
    const current = [
      'Title,URL handle,Vendor,SKU,Option1 name,Option1 value,Price,Cost per item,Inventory quantity',
      `Nike Dunk Low,dunk-low,Nike,${dunkSku}-42,Size,42,"120,00",80,1`,
      `,dunk-low,,${dunkSku}-43,,43,"125,00",80,2`,
      'Other pair,other,Adidas,GZ0001-001,Size,44,99.00,,1',
    ].join('\n');
    const older = [
      'Handle,Title,Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src,Cost per item',
      `dunk-low,Nike Dunk Low,Nike,Size,44,${dunkSku}-44,1,130.00,,80`,
      'dunk-low,,,,,,,,https://cdn.example/dunk-2.jpg,',
    ].join('\n');
    const a = await importFile(client, 'products_export.csv', text(current));
    expect(a.source).toBe('shopify');
    expect(a.progress).toMatchObject({ created: 3, failed: 0 });
    const b = await importFile(client, 'products_export_1.csv', text(older));
    expect(b.source).toBe('shopify');
    expect(b.progress).toMatchObject({ created: 1, skipped: 1, failed: 0 });
    const exported = await portability.export({ userId: owner, kind: 'inventory', cursor: null });
    const bySize = new Map(
      exported.records
        .filter((r) => r.record.sku === dunkSku)
        .map((r) => [String((r.record.sizes as string[])[0]), r.record]),
    );
    expect(bySize.get('43')).toMatchObject({
      sku: dunkSku,
      name: 'Nike Dunk Low',
      brand: 'Nike',
      askingPrice: 12500,
      productCatalogId: dunkId,
    });
    expect(bySize.get('44')).toMatchObject({
      sku: dunkSku,
      askingPrice: 13000,
      purchasePrice: 8000,
      productCatalogId: dunkId,
    });
    expect(bySize.get('44')?.productCatalogId).toBe(dunkId);
    expect(
      exported.records.find((r) => r.record.sku === 'GZ0001-001')?.record.productCatalogId ?? null,
    ).toBeNull();

    const report = await client.call(getDataImportErrorReport, { params: { importId: b.importId } });
    const csv = await (await fetch(report.url)).text();
    expect(csv).toContain('image row of a Shopify product');
    const stranger = api((await newUser()).token);
    expect(
      (await rejection(stranger.call(getDataImportErrorReport, { params: { importId: b.importId } }))).status,
    ).toBe(404);
  }, 900_000);
});

describe('an inventory import', () => {
  it('imports 10,000 rows with sizes and catalogue links; the same file again creates nothing; undo goes back', async () => {
    const lines = ['SKU;Model;Brand;Size;Price;Cost'];
    for (let i = 0; i < 10_000; i++) {
      const sku = i === 0 ? dunkSku : `ZZ${String(i).padStart(6, '0')}-001`;
      lines.push([sku, `Model ${i}`, 'Nike', i % 2 ? 'US 10, US 11' : '42', '€1.234,50', '99.90'].join(';'));
    }
    const file = text(`${lines.join('\r\n')}\r\n`);
    const first = await importFile(store, 'stock.csv', file);
    expect(first.progress).toMatchObject({ processed: 10_000, total: 10_000, created: 10_000, failed: 0 });
    const keys = [...new Map((await inventoryKeys(userId)).map((k) => [k.id, k])).values()];
    expect(keys).toHaveLength(10_000);
    expect(keys.map((k) => k.key)).toContain('ZZ000001001|US 10,US 11');
    expect(keys.every((k) => k.importId === first.importId)).toBe(true);

    // 10,000 new items keep the local event pipeline busy a while: the next job's event waits behind them.
    await pipelineAtRest(600_000);
    // The dry run counts what the job then does: every row unchanged (lists-portability's `plan`).
    let dry: DataImport['dryRun'] = null;
    const again = await importFile(store, 'stock.csv', file, { dryRun: (d) => (dry = d) });
    expect(dry).toMatchObject({ processed: 10_000, create: 0, update: 0, unchanged: 10_000, failed: 0 });
    expect(again.progress).toMatchObject({ created: 0, updated: 0, unchanged: 10_000, failed: 0 });
    expect(new Set((await inventoryKeys(userId)).map((k) => k.id)).size).toBe(10_000);

    await store.call(undoDataImport, { params: { importId: again.importId } });
    expect((await finished(store, again.importId)).undo).toEqual({ reverted: 0, kept: 0 });
    await store.call(undoDataImport, { params: { importId: first.importId } });
    expect((await finished(store, first.importId)).undo).toEqual({ reverted: 10_000, kept: 0 });
    expect(await inventoryKeys(userId)).toEqual([]);
    // Leave the local cloud at rest: the suites after this one must not wait behind 10,000 deletions.
    await pipelineAtRest(600_000);
  }, 1_800_000);
});
