import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import * as Electro from '@sneakers/shared/table/entity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient, type DocumentClient } from '../../src/table/client';
import { createTableInput } from '../../src/table/definition';
import { Entity, Service } from '../../src/table/entity';
import { isConditionalFailure } from '../../src/table/transaction';
import { LOCAL_NAMES } from '../../../localstack/src/names';
import { cloud } from '../../../tests/support/cloud-client';

/**
 * The table layer against ElectroDB (docs/adr/0015-table-layer.md): the same declarations
 * and the same operations, one table each in the real DynamoDB Local, must leave the same
 * rows and answer the same. Rows written by ElectroDB before the switch stay readable.
 */

const LIST = ['wtb', 'wts'] as const;

const saleDefinition = {
  model: { entity: 'compatSale', version: '1', service: 'sneakers' },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    saleId: { type: 'string', required: true, readOnly: true },
    saleDate: { type: 'string', required: true },
    price: { type: 'number', required: true },
    count: { type: 'number' },
    listType: { type: LIST, required: true },
    tags: { type: 'list', items: { type: 'string' } },
    buyer: {
      type: 'map',
      properties: { name: { type: 'string', required: true }, email: { type: 'string' } },
    },
    note: { type: 'string' },
    detail: { type: 'any' },
    source: { type: 'string', required: true, default: 'counter' },
    visibility: { type: ['public', 'private'] as const, required: true },
    rank: { type: 'string', required: true },
    searchNote: {
      type: 'string',
      hidden: true,
      watch: ['note'],
      set: (_: unknown, item: Readonly<Record<string, unknown>>) =>
        typeof item.note === 'string' ? item.note.toLowerCase() : undefined,
    },
    shareId: { type: 'string' },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['saleId'] },
    },
    byDate: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId'] },
      sk: { field: 'gsi1sk', composite: ['saleDate', 'saleId'] },
    },
    publicList: {
      index: 'gsi2',
      condition: (item: Readonly<Record<string, unknown>>) => item.visibility === 'public',
      pk: { field: 'gsi2pk', composite: ['storeUserId', 'listType'] },
      sk: { field: 'gsi2sk', composite: ['rank'] },
    },
    byShare: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['shareId'], casing: 'none' },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
} as const;

const clientDefinition = {
  model: { entity: 'compatClient', version: '1', service: 'sneakers' },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
  },
  indexes: {
    byClient: {
      collection: 'compatDetail',
      pk: { field: 'pk', composite: ['storeUserId', 'clientId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

const bookingDefinition = {
  model: { entity: 'compatBooking', version: '1', service: 'sneakers' },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    bookingId: { type: 'string', required: true, readOnly: true },
    size: { type: 'string', required: true },
  },
  indexes: {
    byClient: {
      collection: 'compatDetail',
      pk: { field: 'pk', composite: ['storeUserId', 'clientId'] },
      sk: { field: 'sk', composite: ['bookingId'] },
    },
  },
} as const;

type Layer = { Entity: typeof Entity; Service: typeof Service };

const sale = (id: string, over: Record<string, unknown> = {}) => ({
  storeUserId: 'Store-A',
  saleId: id,
  saleDate: `2026-01-${id.slice(-2)}`,
  price: 100,
  listType: 'wtb' as const,
  visibility: 'public' as const,
  rank: `0#${id}`,
  ...over,
});

/** Every operation the repositories use; what each answers goes into the log. */
async function scenario({ Entity: E, Service: S }: Layer, client: DocumentClient, table: string) {
  const log: unknown[] = [];
  const note = (label: string, value: unknown) => log.push([label, value]);
  const attempt = async (label: string, run: () => Promise<unknown>) => {
    try {
      note(label, await run());
    } catch (error) {
      // ElectroDB wraps the SDK's error; what callers act on is whether a condition failed.
      note(label, { failed: true, conditional: isConditionalFailure(error) });
    }
  };
  const sales = new E(saleDefinition, { client, table });
  const service = new S(
    { sale: new E(saleDefinition), client: new E(clientDefinition), booking: new E(bookingDefinition) },
    { client, table },
  );

  for (const id of ['S01', 'S02', 'S03', 'S04', 'S05', 'S06']) {
    await attempt(`put ${id}`, () =>
      sales
        .put(
          sale(id, {
            tags: ['a', 'b'],
            buyer: { name: 'Ann', email: 'a@x.io' },
            note: 'Hello',
            detail: { deep: [1, { x: true }] },
          }),
        )
        .go(),
    );
  }
  await attempt('put private', () =>
    sales.put(sale('S07', { visibility: 'private', shareId: 'AbC-1' })).go(),
  );
  await attempt('create new', () => sales.create(sale('S08')).go());
  await attempt('create taken', () => sales.create(sale('S08')).go());
  await attempt('get', () => sales.get({ storeUserId: 'Store-A', saleId: 'S01' }).go());
  await attempt('get attributes', () =>
    sales
      .get({ storeUserId: 'Store-A', saleId: 'S01' })
      .go({ attributes: ['price', 'note'], consistent: true }),
  );
  await attempt('get missing', () => sales.get({ storeUserId: 'Store-A', saleId: 'nope' }).go());
  await attempt('patch', () =>
    sales
      .patch({ storeUserId: 'Store-A', saleId: 'S02' })
      .set({ price: 120, note: 'Changed', saleDate: '2026-02-02', buyer: { name: 'Bo' } })
      .add({ count: 2 })
      .remove(['tags'])
      .where(({ price }, { eq }) => eq(price, 100))
      .go({ response: 'all_new' }),
  );
  await attempt('patch stale', () =>
    sales
      .patch({ storeUserId: 'Store-A', saleId: 'S02' })
      .set({ price: 130 })
      .where(({ price }, { eq }) => eq(price, 100))
      .go(),
  );
  await attempt('patch missing', () =>
    sales.patch({ storeUserId: 'Store-A', saleId: 'zz' }).set({ price: 1 }).go(),
  );
  await attempt('subtract', () =>
    sales.patch({ storeUserId: 'Store-A', saleId: 'S03' }).subtract({ count: 3 }).go({ response: 'all_new' }),
  );
  await attempt('hide from public list', () =>
    sales
      .patch({ storeUserId: 'Store-A', saleId: 'S04' })
      .set({ visibility: 'private', rank: '0#S04', listType: 'wtb' })
      .go(),
  );
  await attempt('show on public list', () =>
    sales
      .patch({ storeUserId: 'Store-A', saleId: 'S07' })
      .set({ visibility: 'public', rank: '1#S07', listType: 'wts' })
      .go(),
  );
  await attempt('remove gsi attribute', () =>
    sales.patch({ storeUserId: 'Store-A', saleId: 'S07' }).remove(['shareId']).go(),
  );
  await attempt('update creates', () =>
    sales
      .update({ storeUserId: 'Store-A', saleId: 'S09' })
      .set({ price: 5, note: 'New' })
      .go({ response: 'all_new' }),
  );
  await attempt('upsert', () => sales.upsert(sale('S05', { price: 55, note: 'Up' })).go());
  await attempt('delete where fails', () =>
    sales
      .delete({ storeUserId: 'Store-A', saleId: 'S06' })
      .where(({ price }, { gt }) => gt(price, 1000))
      .go(),
  );
  await attempt('remove missing', () => sales.remove({ storeUserId: 'Store-A', saleId: 'zz' }).go());
  await attempt('delete all_old', () =>
    sales.delete({ storeUserId: 'Store-A', saleId: 'S06' }).go({ response: 'all_old' }),
  );

  const byDate = () => sales.query.byDate({ storeUserId: 'Store-A' });
  await attempt('query all', () => sales.query.byStore({ storeUserId: 'Store-A' }).go());
  await attempt('query desc limit', () => byDate().go({ order: 'desc', limit: 2 }));
  const first = await byDate().go({ limit: 3 });
  await attempt('query next page', () => byDate().go({ limit: 3, cursor: first.cursor }));
  await attempt('query between', () =>
    byDate().between({ saleDate: '2026-01-02' }, { saleDate: '2026-01-05' }).go(),
  );
  await attempt('query gt', () => byDate().gt({ saleDate: '2026-01-03' }).go());
  await attempt('query lte', () => byDate().lte({ saleDate: '2026-01-03' }).go());
  await attempt('query begins', () => byDate().begins({ saleDate: '2026-01' }).go());
  await attempt('query partial composite', () =>
    sales.query.byDate({ storeUserId: 'Store-A', saleDate: '2026-01-01' }).go(),
  );
  await attempt('query full composite', () =>
    sales.query.byStore({ storeUserId: 'Store-A', saleId: 'S01' }).go(),
  );
  await attempt('query where', () =>
    sales.query
      .byStore({ storeUserId: 'Store-A' })
      .where(({ price, note }, { lt, exists }) => `${lt(price, 110)} AND ${exists(note)}`)
      .where(({ buyer }, { eq }) => eq(buyer.name, 'Ann'))
      .go(),
  );
  await attempt('query hidden filter', () =>
    sales.query
      .byStore({ storeUserId: 'Store-A' })
      .where(({ searchNote }, { contains }) => contains(searchNote, 'hell'))
      .go({ attributes: ['saleId', 'note'] }),
  );
  await attempt('query count', () => byDate().go({ count: 2, limit: 10 }));
  const counted = await byDate().go({ count: 2, limit: 10 });
  await attempt('query after count', () => byDate().go({ count: 2, limit: 10, cursor: counted.cursor }));
  await attempt('query pages all', () => byDate().go({ limit: 1, pages: 'all' }));
  await attempt('query pages 2', () => byDate().go({ limit: 1, pages: 2 }));
  await attempt('public list', () =>
    sales.query.publicList({ storeUserId: 'Store-A', listType: 'wtb' }).go({ order: 'desc' }),
  );
  await attempt('public list wts', () =>
    sales.query.publicList({ storeUserId: 'Store-A', listType: 'wts' }).go(),
  );
  await attempt('by share', () => sales.query.byShare({ shareId: 'AbC-1' }).go());

  await attempt('batch put', () =>
    sales.put(['B01', 'B02', 'B03'].map((id) => sale(id, { storeUserId: 'Store-B' }))).go({ concurrency: 2 }),
  );
  await attempt('batch delete', () => sales.delete([{ storeUserId: 'Store-B', saleId: 'B02' }]).go());

  const { sale: s, client: c, booking: b } = service.entities;
  await attempt('transaction', () =>
    service.transaction
      .write(() => [
        c.create({ storeUserId: 'Store-A', clientId: 'C1', name: 'Cleo' }).commit(),
        b.create({ storeUserId: 'Store-A', clientId: 'C1', bookingId: 'K1', size: '42' }).commit(),
        b.create({ storeUserId: 'Store-A', clientId: 'C1', bookingId: 'K2', size: '43' }).commit(),
        s.patch({ storeUserId: 'Store-A', saleId: 'S01' }).set({ price: 101 }).commit(),
      ])
      .go(),
  );
  await attempt('transaction canceled', () =>
    service.transaction
      .write(() => [
        b.create({ storeUserId: 'Store-A', clientId: 'C1', bookingId: 'K3', size: '44' }).commit(),
        c.create({ storeUserId: 'Store-A', clientId: 'C1', name: 'Again' }).commit(),
        s
          .delete({ storeUserId: 'Store-A', saleId: 'S01' })
          .where(({ price }, { eq }) => eq(price, 1))
          .commit(),
      ])
      .go(),
  );
  await attempt('collection', () =>
    service.collections.compatDetail({ storeUserId: 'Store-A', clientId: 'C1' }).go(),
  );
  await attempt('parse', () =>
    Promise.resolve(
      sales.parse(
        {
          Item: { storeUserId: 'X', saleId: 'Y', price: 1, __edb_e__: 'compatSale', __edb_v__: '1', pk: 'p' },
        },
        { attributes: ['price'] },
      ),
    ),
  );
  await attempt('parse foreign', () =>
    Promise.resolve(
      sales.parse({ Item: { storeUserId: 'X', saleId: 'Y', __edb_e__: 'other', __edb_v__: '1' } }),
    ),
  );
  return log;
}

/** JSON with sorted keys: ElectroDB's answers are equal in content, not in key order or prototype. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const electro = { Entity: Electro.Entity, Service: Electro.Service } as unknown as Layer;
const light: Layer = { Entity, Service };

describe('the table layer keeps ElectroDB rows and answers', () => {
  const tables = { electro: `compat-electro-${randomUUID()}`, light: `compat-light-${randomUUID()}` };
  const raw = () =>
    new DynamoDBClient({
      region: LOCAL_NAMES.region,
      endpoint: cloud().dynamodbUrl,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  const client = () =>
    createDocumentClient({ AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: cloud().dynamodbUrl });

  beforeAll(async () => {
    for (const name of Object.values(tables))
      await raw().send(new CreateTableCommand(createTableInput(name)));
  });
  afterAll(async () => {
    for (const name of Object.values(tables)) await raw().send(new DeleteTableCommand({ TableName: name }));
  });

  it('writes the same rows and answers the same for every operation', async () => {
    const expected = await scenario(electro, client(), tables.electro);
    const actual = await scenario(light, client(), tables.light);
    // Every differing step at once, then the whole log.
    const differing = expected.flatMap((entry, i) =>
      canonical(entry) === canonical(actual[i]) ? [] : [{ expected: entry, actual: actual[i] }],
    );
    expect(differing.map((d) => JSON.stringify(d).slice(0, 600))).toEqual([]);

    const scan = async (table: string) => {
      const { Items = [] } = await client().send(new ScanCommand({ TableName: table }));
      return Items.sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`));
    };
    expect(await scan(tables.light)).toEqual(await scan(tables.electro));
  });
});
