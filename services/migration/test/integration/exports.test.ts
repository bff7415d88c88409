import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '@sneakers/shared/contracts/catalog';
import {
  createDataImport,
  createExport,
  downloadExport,
  getDataImport,
  getDataSummary,
  listExports,
  mapDataImport,
  readDataImportFile,
  startDataImport,
  type DataExport,
} from '@sneakers/shared/contracts/migration';
import {
  PORTABILITY_SERVICES,
  PORTABLE_KINDS,
  type PortableKind,
} from '@sneakers/shared/contracts/portability';
import { createAvatarUpload } from '@sneakers/shared/contracts/profiles';
import { markConsignmentReturned, markConsignmentSold } from '@sneakers/shared/contracts/providers';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { importKeyOf } from '@sneakers/shared/rules/import-keys';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { storeUser, type Store } from '../../../../tests/support/accounts';
import { api, mailTo, newUser, poll, raw, rejection, cloud } from '../../../../tests/support/cloud-client';
import { checked } from './support';

/**
 * Export everything through the local cloud (docs/product/migration-tools.md#export): the
 * API, migration-export on the bus, every owner's `export` over the Lambda Invoke API, the
 * archive in the uploads bucket; and the round trip: export → delete every record → import
 * the export's CSVs → the same records.
 */
const portability = createPortabilityClient((service, payload) =>
  invokeFunction({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl }, service, payload, {}),
);

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/**
 * Style codes the demo catalogue does not hold, but one (`catalogSku`) a product of the
 * catalogue has: its item is not linked to it, and the round trip must not link it either.
 */
const code = (n: number) => `QX${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}-${100 + n}`;
const catalogSku = code(9);

function sampleRecords(tag: string, imageUrl: string): Record<PortableKind, Record<string, unknown>[]> {
  const [sku1, sku2, sku3, sku4, sku5, sku6, sku7, sku8] = [1, 2, 3, 4, 5, 6, 7, 8].map(code);
  const client = `client-${tag}@example.com`;
  const provider = `provider-${tag}@example.com`;
  return {
    inventory: [
      { sku: sku1, name: 'Nike Dunk Low Panda', sizes: ['42'], askingPrice: 18000, imageUrl },
      { sku: sku2, name: '=cmd|"/c calc"!A1', sizes: ['40', '41'], notes: 'Box, no lid' },
      // Its style code is a catalogue product's, yet the item is not linked (the user's choice).
      { sku: catalogSku, name: 'Unlinked pair', sizes: ['44'] },
    ],
    wtb: [{ sku: sku3, name: 'Air Force 1', sizes: ['44'], targetPrice: 9000 }],
    wts: [{ sku: sku4, name: 'Samba OG', sizes: ['43'], desiredPrice: 12050 }],
    wtc: [{ sku: sku5, name: 'Jordan 1 Chicago', sizes: ['45'] }],
    clients: [
      { name: 'Eva Client', email: client, phone: '+34 600 111 222' },
      // A legacy client: from before the email was asked for.
      { name: `Old Client ${tag}`, phone: '+34 600 333 444' },
    ],
    bookings: [{ clientEmail: client, itemSku: sku1, itemName: 'Dunk Low', size: '42', salePrice: 15000 }],
    providers: [{ name: 'Pablo Provider', email: provider }],
    // Both are marked in the app after the seed: the first sold, the second returned.
    consignments: [
      { providerEmail: provider, itemSku: sku6, itemName: 'Jordan 4', size: '44', price: 20000 },
      { providerEmail: provider, itemSku: sku7, itemName: 'Yeezy 350', size: '42', price: 15000 },
      { providerEmail: provider, itemSku: sku8, itemName: 'Dunk High', size: '41', price: 11000 },
    ],
    sales: [
      {
        sku: sku1,
        name: 'Nike Dunk Low',
        size: '42',
        salePrice: 20000,
        purchasePrice: 12000,
        fees: 1000,
        saleDate: '2026-10-01',
        buyerName: 'Buyer One',
      },
    ],
  };
}

async function seed(userId: string, records: Record<PortableKind, Record<string, unknown>[]>) {
  for (const kind of PORTABLE_KINDS) {
    const rows = records[kind].map((record, row) => ({
      row,
      key: importKeyOf(kind, record) ?? `k${row}`,
      record,
      match: null,
    }));
    const { results } = await portability.apply({ userId, kind, importId: `seed-${randomUUID()}`, rows });
    expect(results.map((r) => [kind, r.outcome, r.error?.message ?? null])).toEqual(
      rows.map(() => [kind, 'created', null]),
    );
  }
}

async function exportOf(store: Store): Promise<{ export: DataExport; zip: Record<string, Uint8Array> }> {
  const { export: started } = await store.call(createExport, { idempotencyKey: `export-${randomUUID()}` });
  const ready = await poll(
    async () => (await store.call(listExports, {})).exports.find((e) => e.exportId === started.exportId),
    (e) => e?.status === 'ready' || e?.status === 'failed',
    120_000,
  );
  expect(ready?.status).toBe('ready');
  const { url } = await store.call(downloadExport, { params: { exportId: started.exportId } });
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { export: ready as DataExport, zip: unzipSync(new Uint8Array(await res.arrayBuffer())) };
}

const jsonOf = (zip: Record<string, Uint8Array>, name: string) =>
  JSON.parse(new TextDecoder().decode(zip[name])) as Record<string, unknown>[];

/** A kind's records as the export writes them, without what a move cannot keep (ids, times). */
function portable(zip: Record<string, Uint8Array>, kind: PortableKind) {
  return jsonOf(zip, `${kind}.json`)
    .map(({ id: _id, createdAt: _c, updatedAt: _u, ...record }) => record)
    .sort((a, b) => (importKeyOf(kind, a) ?? '').localeCompare(importKeyOf(kind, b) ?? ''));
}

async function importCsv(store: Store, kind: PortableKind, csv: Uint8Array) {
  const created = await store.call(createDataImport, {
    body: { kind, fileName: `${kind}.csv`, size: csv.length, contentType: 'text/csv' },
  });
  const put = await fetch(created.upload.url, {
    method: 'PUT',
    headers: created.upload.headers,
    body: Buffer.from(csv),
  });
  expect(put.status).toBe(200);
  const { importId } = created.import;
  const read = await store.call(readDataImportFile, { params: { importId }, body: {} });
  await store.call(mapDataImport, {
    params: { importId },
    body: { sheet: read.import.sheet ?? '', headerRow: read.suggestedHeaderRow },
  });
  const mapped = await checked(store, importId, 120_000);
  expect([kind, mapped.status, mapped.source, mapped.rows.invalid]).toEqual([kind, 'mapped', 'export', 0]);
  await store.call(startDataImport, { params: { importId }, idempotencyKey: `start-${randomUUID()}` });
  const done = await poll(
    async () => (await store.call(getDataImport, { params: { importId } })).import,
    (i) => ['completed', 'failed'].includes(i.status),
    120_000,
  );
  expect([kind, done.status, done.progress.failed]).toEqual([kind, 'completed', 0]);
}

let store: Store;
let imageUrl: string;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  store = await storeUser('Export Kicks', { contactEmail: `export-${tag}@example.com` });
  // An uploaded image the inventory item names (under MEDIA_BASE_URL): the avatar upload.
  const upload = await store.call(createAvatarUpload, {
    body: { contentType: 'image/png', size: PNG.length },
  });
  const put = await fetch(upload.uploadUrl, {
    method: 'PUT',
    headers: upload.headers,
    body: Buffer.from(PNG),
  });
  expect(put.status).toBe(200);
  const { origin, pathname } = new URL(upload.uploadUrl);
  const bucket = pathname.split('/')[1] ?? '';
  imageUrl = `${origin}/${bucket}/${upload.key}`;
  const admin = api((await newUser({ superuser: true })).token);
  await admin.call(createProduct, {
    body: {
      sku: catalogSku,
      name: 'Catalogue pair',
      brand: 'Nike',
      releaseDate: '2021-01-14',
      retailPrice: 11_000,
      colorway: 'White/Black',
      variants: [{ label: 'EU 44', size: { eu: '44', usM: '10' } }],
    },
  });
  await seed(store.userId, sampleRecords(tag, imageUrl));
  // A consignment sold and one returned in the app: the round trip must keep where each stands.
  const { records: consignments } = await portability.export({
    userId: store.userId,
    kind: 'consignments',
    cursor: null,
  });
  const params = (itemName: string) => {
    const [providerId = '', consignmentId = ''] = (
      consignments.find((c) => c.record.itemName === itemName)?.id ?? ''
    ).split('/');
    return { providerId, consignmentId };
  };
  await store.call(markConsignmentSold, { params: params('Jordan 4'), body: { salePrice: 24000 } });
  await store.call(markConsignmentReturned, { params: params('Yeezy 350') });
}, 120_000);

describe('export everything', () => {
  it('archives every kind as JSON and CSV with the uploaded image and a manifest, for its owner only, and emails the link', async () => {
    const summary = await store.call(getDataSummary, {});
    expect(summary.counts).toMatchObject({ inventory: 3, wtb: 1, clients: 2, bookings: 1, sales: 1 });

    const { export: ready, zip } = await exportOf(store);
    expect(ready).toMatchObject({ files: 1, records: { inventory: 3, consignments: 3, sales: 1 } });
    const names = Object.keys(zip);
    for (const kind of PORTABLE_KINDS)
      expect(names).toEqual(expect.arrayContaining([`${kind}.json`, `${kind}.csv`]));
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(1);
    expect([...(Object.entries(zip).find(([n]) => n.startsWith('files/'))?.[1] ?? [])]).toEqual([...PNG]);
    const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json'])) as {
      counts: Record<string, number>;
    };
    expect(manifest.counts).toMatchObject({ inventory: 3, sales: 1 });
    const csv = new TextDecoder().decode(zip['inventory.csv']);
    expect(csv).toContain('180.00');
    expect(csv).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(csv).toContain('"40, 41"');

    // Another user neither sees nor downloads it.
    const other = await storeUser('Nosy Kicks');
    expect((await other.call(listExports, {})).exports).toEqual([]);
    const refused = await rejection(other.call(downloadExport, { params: { exportId: ready.exportId } }));
    expect(refused.status).toBe(404);
    const anonymous = await raw(`/api/migration/exports/${ready.exportId}/download`);
    expect(anonymous.status).toBe(401);

    const mails = await poll(
      () => mailTo(`export-${tag}@example.com`),
      (m) => m.some((x) => x.subject === 'Your data export is ready'),
    );
    const mail = mails.find((x) => x.subject === 'Your data export is ready');
    expect(mail?.body.text).toContain(`/dashboard/migration-tools?export=${ready.exportId}`);
  }, 180_000);

  it('round trip: export, delete every record, import the export, and the same records are back', async () => {
    const { zip: before } = await exportOf(store);
    for (const service of PORTABILITY_SERVICES)
      for (let done = false; !done;) done = (await portability.erase(service, store.userId)).done;
    const emptied = await store.call(getDataSummary, {});
    expect(Object.values(emptied.counts).every((n) => n === 0)).toBe(true);

    // References first: clients before bookings, providers before consignments.
    const order: PortableKind[] = [
      'inventory',
      'wtb',
      'wts',
      'wtc',
      'clients',
      'providers',
      'bookings',
      'consignments',
      'sales',
    ];
    for (const kind of order) {
      const csv = before[`${kind}.csv`];
      if (csv) await importCsv(store, kind, csv);
    }
    const { zip: after } = await exportOf(store);
    for (const kind of PORTABLE_KINDS)
      expect([kind, portable(after, kind)]).toEqual([kind, portable(before, kind)]);
    // What the comparison holds, so a field the export left out could not pass unnoticed.
    const consignments = portable(after, 'consignments');
    expect(consignments.find((c) => c.itemName === 'Jordan 4')).toMatchObject({
      status: 'sold',
      salePrice: 24000,
      soldAt: expect.any(String),
    });
    expect(consignments.find((c) => c.itemName === 'Yeezy 350')).toMatchObject({ status: 'returned' });
    expect(consignments.find((c) => c.itemName === 'Dunk High')).toMatchObject({ status: 'in_stock' });
    expect(
      portable(after, 'inventory').find((i) => i.sku === catalogSku)?.productCatalogId ?? null,
    ).toBeNull();
    expect(portable(after, 'clients').find((c) => c.name === `Old Client ${tag}`)).toMatchObject({
      email: '',
      phone: '+34 600 333 444',
    });
  }, 300_000);
});
