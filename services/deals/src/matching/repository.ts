import { buildEvent } from '@sneakers/events/define-event';
import { dealsChanged, dealsMatched } from '@sneakers/events/deals';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { batchGetRows } from '@sneakers/shared/table/batch-get';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { badgeEntity } from './badge-entity';
import { dealEntity, type DealItemRow } from './deal-entity';
import { dealIndexEntity } from './index-entity';
import { dealKeyString, PROFILE_FIELDS } from './domain';
import { itemStateEntity } from './item-state-entity';
import type { DealKey, DealSource, ItemFacts, MatchingRepository, OwnerProfile, StoredDeal } from './ports';

const ITEM_ATTRIBUTES = [
  'userId',
  'id',
  'listType',
  'status',
  'visibility',
  'isBulk',
  'productCatalogId',
  'sku',
  'name',
  'brand',
  'imageUrl',
  'sizes',
  'targetPrice',
  'desiredPrice',
  'askingPrice',
  'currency',
  'updatedAt',
] as const;

const PROFILE_ATTRIBUTES = ['userId', ...PROFILE_FIELDS] as const;

/** New deals per transaction: with the badge and two outbox rows, under TransactWriteItems' 100. */
const DEALS_PER_TRANSACTION = 90;
/** Tries of one chunk while a twin keeps creating some of it first (each try leaves those out). */
const CREATE_ATTEMPTS = 4;
/** Deals.Matched names a few deals for the notification's text. */
const MATCHED_SAMPLES = 10;

type ItemRead = Partial<Record<(typeof ITEM_ATTRIBUTES)[number], unknown>> & {
  userId: string;
  id: string;
  listType: ItemFacts['listType'];
};

function factsOf(row: ItemRead): ItemFacts {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    userId: row.userId,
    id: row.id,
    listType: row.listType,
    status: text(row.status),
    visibility: text(row.visibility),
    isBulk: row.isBulk === true,
    productCatalogId: typeof row.productCatalogId === 'string' ? row.productCatalogId : null,
    sku: text(row.sku),
    name: text(row.name),
    brand: text(row.brand),
    imageUrl: typeof row.imageUrl === 'string' ? row.imageUrl : null,
    sizes: Array.isArray(row.sizes) ? row.sizes.map(String) : [],
    targetPrice: num(row.targetPrice),
    desiredPrice: num(row.desiredPrice),
    askingPrice: num(row.askingPrice),
    currency: row.currency === 'USD' || row.currency === 'GBP' ? row.currency : 'EUR',
    updatedAt: text(row.updatedAt),
  };
}

// Written only by this area, from DealSource values.
const sourceOfJson = (json: string) => JSON.parse(json) as DealSource;
const itemKeyString = (key: Pick<ItemFacts, 'userId' | 'listType' | 'id'>) =>
  `${key.userId}|${key.listType}|${key.id}`;

export function storedDealOf(row: DealItemRow): StoredDeal {
  return {
    userId: row.userId,
    dealId: row.dealId,
    side: row.side,
    myItemId: row.myItemId,
    theirItemId: row.theirItemId,
    partnerId: row.partnerId,
    mine: sourceOfJson(row.mine),
    theirs: sourceOfJson(row.theirs),
    // Written only by this area.
    sizes: JSON.parse(row.sizes) as StoredDeal['sizes'],
    matchedAt: row.matchedAt,
  };
}

export function dealRowOf(deal: StoredDeal): DealItemRow {
  return {
    ...deal,
    mine: JSON.stringify(deal.mine),
    theirs: JSON.stringify(deal.theirs),
    sizes: JSON.stringify(deal.sizes),
  };
}

const dealKey = (key: DealKey) => ({
  userId: key.userId,
  myItemId: key.myItemId,
  theirItemId: key.theirItemId,
});

export function matchingEntities(client: DocumentClient, table: string) {
  return new Service(
    {
      items: itemEntity,
      profiles: profileView,
      index: dealIndexEntity,
      states: itemStateEntity,
      deals: dealEntity,
      badges: badgeEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
}

/** Access patterns: services/deals/README.md. */
export function createMatchingRepository(client: DocumentClient, table: string): MatchingRepository {
  const service = matchingEntities(client, table);
  const { items, profiles, index, states, deals, badges } = service.entities;

  async function storedDeals(keys: readonly DealKey[]): Promise<StoredDeal[]> {
    const rows = await batchGetRows(
      client,
      table,
      keys.map((key) => dealEntity.key(dealKey(key))),
      { consistent: true },
    );
    return rows.flatMap((row) => {
      const { data } = dealEntity.parse({ Item: row });
      return data ? [storedDealOf(data)] : [];
    });
  }

  /** New deals of one user with the badge's count and their events, all or none. */
  function createChunk(
    userId: string,
    chunk: readonly StoredDeal[],
    matched: boolean,
    eventIds: () => string,
    at: string,
  ) {
    const events = [
      buildEvent(dealsChanged, { userId }, { eventId: eventIds(), occurredAt: at }),
      ...(matched
        ? [
            buildEvent(
              dealsMatched,
              {
                userId,
                newDeals: chunk.length,
                samples: chunk.slice(0, MATCHED_SAMPLES).map((deal) => ({
                  dealId: deal.dealId,
                  productName: deal.mine.name,
                  partnerName: deal.theirs.ownerName,
                })),
              },
              { eventId: eventIds(), occurredAt: at },
            ),
          ]
        : []),
    ];
    return transact(
      () =>
        service.transaction
          .write(({ deals: d, badges: b, outbox: o }) => [
            ...chunk.map((deal) => d.create(dealRowOf(deal)).commit()),
            b.update({ userId }).add({ newDeals: chunk.length }).commit(),
            ...events.map((event) => o.create(outboxItem(event)).commit()),
          ])
          .go(),
      chunk.map(() => 'exists' as const),
    );
  }

  async function unprocessedIsEmpty(op: Promise<{ unprocessed: unknown[] }>) {
    const { unprocessed } = await op;
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} writes left unprocessed`);
  }

  return {
    async items(keys) {
      const rows = await batchGetRows(
        client,
        table,
        keys.map((key) => itemEntity.key({ userId: key.userId, listType: key.listType, id: key.id })),
        { consistent: true },
      );
      const found = new Map<string, ItemFacts>();
      for (const row of rows) {
        const { data } = itemEntity.parse({ Item: row });
        if (data) found.set(itemKeyString(data), factsOf(data));
      }
      return keys.map((key) => found.get(itemKeyString(key)) ?? null);
    },
    async itemsOf(userId) {
      const { data } = await items.query
        .byOwner({ userId })
        .go({ consistent: true, pages: 'all', attributes: ITEM_ATTRIBUTES });
      return data.map(factsOf);
    },
    async profile(userId) {
      const { data } = await profiles
        .get({ userId })
        .go({ consistent: true, attributes: PROFILE_ATTRIBUTES });
      if (!data) return null;
      // The profile's defaults (services/profiles): in deals, inventory opted out.
      return {
        ...data,
        profileVisibleInDeals: data.profileVisibleInDeals ?? true,
        publicInventory: data.publicInventory ?? false,
      } satisfies OwnerProfile;
    },
    async states(keys) {
      const rows = await batchGetRows(
        client,
        table,
        keys.map((key) => itemStateEntity.key({ userId: key.userId, itemId: key.id })),
        { consistent: true },
      );
      const found = new Map<string, DealSource>();
      for (const row of rows) {
        const { data } = itemStateEntity.parse({ Item: row });
        if (data) found.set(`${data.userId}|${data.itemId}`, sourceOfJson(data.source));
      }
      return keys.map((key) => found.get(`${key.userId}|${key.id}`) ?? null);
    },
    async statesOf(userId) {
      const { data } = await states.query
        .byOwner({ userId })
        .go({ consistent: true, pages: 'all', attributes: ['userId', 'itemId', 'listType'] });
      return data.map((row) => ({ userId: row.userId, listType: row.listType, id: row.itemId }));
    },
    async putState(key, source) {
      if (source)
        await states
          .put({ userId: key.userId, itemId: key.id, listType: key.listType, source: JSON.stringify(source) })
          .go();
      else await states.delete({ userId: key.userId, itemId: key.id }).go();
    },
    async writeIndex(put, remove) {
      if (remove.length > 0)
        await unprocessedIsEmpty(
          index.delete(remove.map((row) => ({ partition: row.pk, slot: row.sk }))).go({ concurrency: 4 }),
        );
      if (put.length > 0)
        await unprocessedIsEmpty(
          index
            .put(put.map((row) => ({ partition: row.pk, slot: row.sk, source: JSON.stringify(row.source) })))
            .go({ concurrency: 4 }),
        );
    },
    async candidates(query) {
      const read = index.query.byPartition({ partition: query.pk });
      const { data } = await (query.skPrefix ? read.begins({ slot: query.skPrefix }) : read).go({
        consistent: true,
        pages: 'all',
      });
      return data.map((row) => sourceOfJson(row.source));
    },
    async dealsOfItem(userId, myItemId) {
      const { data } = await deals.query
        .byUser({ userId })
        .begins({ myItemId })
        .go({ consistent: true, pages: 'all' });
      return data.map(storedDealOf);
    },
    async dealsOfOwner(userId, max) {
      const { data, cursor } = await deals.query
        .byUser({ userId })
        .go({ consistent: true, limit: max, pages: 1 });
      return cursor === null ? data.map(storedDealOf) : null;
    },
    dealsByKey: storedDeals,
    async writeDeals(put, remove) {
      if (remove.length > 0)
        await unprocessedIsEmpty(deals.delete(remove.map(dealKey)).go({ concurrency: 4 }));
      if (put.length > 0) await unprocessedIsEmpty(deals.put(put.map(dealRowOf)).go({ concurrency: 4 }));
    },
    async createDeals({ userId, created, matched }, eventIds, at) {
      for (let start = 0; start < created.length; start += DEALS_PER_TRANSACTION) {
        let chunk = created.slice(start, start + DEALS_PER_TRANSACTION);
        // A twin (a timed-out invocation still running beside its retry) may create some of
        // them first: those are left out and the rest created, so each deal is counted and
        // announced once and the batch still settles in this invocation.
        for (let attempt = 0; chunk.length > 0; attempt++) {
          if ((await createChunk(userId, chunk, matched, eventIds, at)) === 'committed') break;
          if (attempt === CREATE_ATTEMPTS - 1)
            throw new Error(`deals of ${userId} kept being created by another batch`);
          const stored = new Set((await storedDeals(chunk)).map(dealKeyString));
          chunk = chunk.filter((deal) => !stored.has(dealKeyString(deal)));
        }
      }
    },
    async announceChanged(userId, eventId, at) {
      const event = buildEvent(dealsChanged, { userId }, { eventId, occurredAt: at });
      await service.entities.outbox.create(outboxItem(event)).go();
    },
    async badgeOf(userId) {
      const { data } = await badges.get({ userId }).go({ consistent: true });
      return data ? { newDeals: data.newDeals, lastSeenAt: data.lastSeenAt ?? null } : null;
    },
    async lowerBadge(userId, by, lastSeenAt) {
      // Refused when the count is lower than `by` (a twin lowered it) or the board was opened.
      await conditional(
        () =>
          badges
            .update({ userId })
            .subtract({ newDeals: by })
            .where(
              (attr, op) =>
                `${op.gte(attr.newDeals, by)} AND ${
                  lastSeenAt === null ? op.notExists(attr.lastSeenAt) : op.eq(attr.lastSeenAt, lastSeenAt)
                }`,
            )
            .go(),
        'unchanged' as const,
      );
    },
  };
}
