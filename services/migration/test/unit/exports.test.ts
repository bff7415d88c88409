import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { EXPORT_LINK_DAYS } from '@sneakers/shared/contracts/migration';
import { PORTABLE_KINDS, type ExportedRecord } from '@sneakers/shared/contracts/portability';
import { DAY_MS } from '@sneakers/shared/clock';
import {
  amountFieldsOf,
  buildExport,
  createExport,
  csvFieldsOf,
  csvRecordLine,
  downloadExport,
  eraseExports,
  getDataSummary,
  listExports,
} from '../../src/exports/domain';
import { loadPapaParse } from '../../src/files/spreadsheet-libraries';
import { MEDIA, memoryExportsDeps, text } from './exports-memory';

const ana: Actor = { kind: 'user', userId: 'user-ana', isSuperuser: false, isDemo: false };
const bob: Actor = { kind: 'user', userId: 'user-bob', isSuperuser: false, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'demo-store', isSuperuser: false, isDemo: true };
const key = (k: string) => ({ 'idempotency-key': `export-key-${k}` });

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: { status: number; code: string }) => e,
  );

const item = (id: string, record: Record<string, unknown>, files: string[] = []): ExportedRecord => ({
  id,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  record,
  files,
});

describe('the export CSV', () => {
  it('heads each kind with its portable fields and writes amounts in main units, lists joined, formulas protected', async () => {
    expect(csvFieldsOf('inventory')).toContain('sku');
    expect(csvFieldsOf('bookings')).toContain('clientEmail');
    expect([...amountFieldsOf('inventory')]).toEqual(
      expect.arrayContaining(['askingPrice', 'purchasePrice', 'targetPrice']),
    );
    expect([...amountFieldsOf('sales')]).toEqual(expect.arrayContaining(['salePrice', 'fees']));
    const fields = csvFieldsOf('inventory');
    const line = csvRecordLine(await loadPapaParse(), 'inventory', {
      sku: 'DD1391-100',
      name: '=HYPERLINK("http://x")',
      sizes: ['9', '10.5'],
      askingPrice: 18000,
      purchasePrice: 5,
      notes: 'line, with comma',
    });
    const cells = new Map(fields.map((f, i) => [f, i]));
    // Papa quotes what needs it; the cells themselves:
    expect(line).toContain('"\'=HYPERLINK(""http://x"")"');
    expect(line).toContain('"9, 10.5"');
    expect(line).toContain('180.00');
    expect(line).toContain('0.05');
    expect(line).toContain('"line, with comma"');
    expect(line.endsWith('\r\n')).toBe(true);
    expect(cells.has('askingPrice')).toBe(true);
  });
});

describe('exports', () => {
  it('builds an archive of every kind as JSON and CSV, the uploaded files under the media base, and a manifest', async () => {
    const { deps, owners, archives, events, exports } = memoryExportsDeps();
    owners.put('user-ana', 'inventory', [
      item('i1', { sku: 'DD1391-100', name: 'Dunk', sizes: ['9'], askingPrice: 18000 }, [
        `${MEDIA}/items/user-ana/one.jpg`,
        'https://elsewhere.test/x.jpg',
      ]),
      item('i2', { sku: 'CW2288-111', name: '@SUM(A1)', sizes: ['10', '11'] }),
      item('i3', { sku: 'FZ5808-100', name: 'Samba', sizes: ['8'] }),
    ]);
    owners.put('user-ana', 'clients', [item('c1', { name: 'Eva', email: 'eva@example.com' })]);
    owners.put('user-bob', 'inventory', [item('b1', { sku: 'BOB', name: 'Not Ana', sizes: ['9'] })]);

    const { export: started } = await createExport(deps, ana, key('a'));
    expect(started.status).toBe('building');
    await buildExport(deps, { userId: 'user-ana', exportId: started.exportId });

    const archive = archives.get(`exports/user-ana/${started.exportId}.zip`);
    expect(archive).toBeDefined();
    const names = [...(archive?.keys() ?? [])];
    for (const kind of PORTABLE_KINDS)
      expect(names).toEqual(expect.arrayContaining([`${kind}.json`, `${kind}.csv`]));
    expect(names).toContain('manifest.json');
    expect(names).toContain('files/items/user-ana/one.jpg');
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(1);

    const inventory = JSON.parse(text(archive?.get('inventory.json'))) as Record<string, unknown>[];
    expect(inventory.map((r) => r.id)).toEqual(['i1', 'i2', 'i3']);
    expect(inventory[0]).toMatchObject({
      id: 'i1',
      createdAt: '2026-11-01T10:00:00.000Z',
      sku: 'DD1391-100',
    });
    expect(JSON.parse(text(archive?.get('wtb.json')))).toEqual([]);
    const csv = text(archive?.get('inventory.csv')).split('\r\n');
    expect(csv[0]?.split(',')).toEqual(csvFieldsOf('inventory'));
    expect(csv).toHaveLength(5); // header, three rows, the final newline
    expect(text(archive?.get('inventory.csv'))).toContain("'@SUM(A1)");
    expect(text(archive?.get('inventory.csv'))).not.toContain('Not Ana');

    const manifest = JSON.parse(text(archive?.get('manifest.json'))) as Record<string, unknown>;
    expect(manifest).toMatchObject({ format: 'sneakers-export', version: 1, files: 1 });
    expect(manifest.counts).toMatchObject({ inventory: 3, clients: 1, wtb: 0 });

    const done = exports.get(started.exportId);
    expect(done).toMatchObject({ status: 'ready', files: 1, records: { inventory: 3, clients: 1 } });
    expect(Date.parse(done?.expiresAt ?? '') - Date.parse(done?.readyAt ?? '')).toBe(
      EXPORT_LINK_DAYS * DAY_MS,
    );
    expect(events.map((e) => e.detailType)).toEqual(['Migration.ExportRequested', 'Migration.ExportReady']);

    // A redelivery of the request changes nothing.
    await buildExport(deps, { userId: 'user-ana', exportId: started.exportId });
    expect(events).toHaveLength(2);
  });

  it('builds one export at a time, and replays a retry with the same key', async () => {
    const { deps, clock } = memoryExportsDeps();
    const first = await createExport(deps, ana, key('a'));
    expect((await createExport(deps, ana, key('a'))).export).toEqual(first.export);
    expect(await rejection(createExport(deps, ana, key('b')))).toMatchObject({
      status: 409,
      code: 'EXPORT_RUNNING',
    });
    // Another user is not held up.
    expect((await createExport(deps, bob, key('a'))).created).toBe(true);
    await buildExport(deps, { userId: 'user-ana', exportId: first.export.exportId });
    expect((await createExport(deps, ana, key('c'))).created).toBe(true);
    // A crashed build's lock does not block the user for ever.
    clock.advance(30 * 60_000);
    expect((await createExport(deps, ana, key('d'))).created).toBe(true);
  });

  it('downloads only the owner’s ready export, until it expires', async () => {
    const { deps, clock } = memoryExportsDeps();
    const { export: started } = await createExport(deps, ana, key('a'));
    expect(await rejection(downloadExport(deps, ana, started.exportId))).toMatchObject({
      status: 409,
      code: 'EXPORT_NOT_READY',
    });
    await buildExport(deps, { userId: 'user-ana', exportId: started.exportId });
    expect((await downloadExport(deps, ana, started.exportId)).url).toContain(
      `exports/user-ana/${started.exportId}.zip`,
    );
    expect(await rejection(downloadExport(deps, bob, started.exportId))).toMatchObject({ status: 404 });
    clock.advance(EXPORT_LINK_DAYS * DAY_MS + 1);
    expect(await rejection(downloadExport(deps, ana, started.exportId))).toMatchObject({
      status: 410,
      code: 'EXPORT_EXPIRED',
    });
    expect((await listExports(deps, ana)).map((e) => e.status)).toEqual(['expired']);
    expect(await listExports(deps, bob)).toEqual([]);
  });

  it('refuses demo writes and counts records per kind for the summary', async () => {
    const { deps, owners } = memoryExportsDeps();
    expect(await rejection(createExport(deps, demo, key('a')))).toMatchObject({
      status: 403,
      code: 'DEMO_MODE',
    });
    owners.put('user-ana', 'inventory', [item('i1', {}), item('i2', {}), item('i3', {})]);
    owners.put('user-ana', 'sales', [item('s1', {})]);
    const counts = await getDataSummary(deps, ana);
    expect(counts).toMatchObject({ inventory: 3, sales: 1, wtb: 0, clients: 0 });
    expect(Object.keys(counts).sort()).toEqual([...PORTABLE_KINDS].sort());
  });

  it('erases the user’s exports and archives, nobody else’s', async () => {
    const { deps, exports, deleted } = memoryExportsDeps();
    const a = await createExport(deps, ana, key('a'));
    await createExport(deps, bob, key('a'));
    await eraseExports(deps, 'user-ana');
    expect(deleted).toEqual([`exports/user-ana/${a.export.exportId}.zip`]);
    expect([...exports.values()].map((e) => e.userId)).toEqual(['user-bob']);
  });
});
