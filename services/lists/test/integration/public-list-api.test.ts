import { describe, expect, it } from 'vitest';
import { createItem, getPublicList, getPublicListFacets, updateItem } from '@sneakers/shared/contracts/lists';
import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import { api, raw, rejection } from '../../../../tests/support/cloud-client';
import { createMany, owner, wtb } from './support';

const visitor = api();

describe('public lists through the local gateway', () => {
  it('serves the seeded demo store’s WTB list, urgent first', async () => {
    const out = await visitor.call(getPublicList, { params: { userId: DEMO.userId, listType: 'wtb' } });
    expect(out.owner.businessName).toBe(DEMO.businessName);
    // 12 from the lists seed and the deals seed's four-size WTB.
    expect(out.items).toHaveLength(13);
    expect(out.items.slice(0, 3).every((i) => i.urgent)).toBe(true);
    expect(out.items.slice(3).some((i) => i.urgent)).toBe(false);
    expect(out.items.some((i) => i.isBulk && i.sizes.includes('BULK'))).toBe(true);
    expect((await raw(`/api/public-lists/${DEMO.userId}/wts`)).status).toBe(403);
  });

  it('404s an unknown owner', async () => {
    const error = await rejection(
      visitor.call(getPublicList, { params: { userId: 'nobody-here', listType: 'wtb' } }),
    );
    expect(error.status).toBe(404);
    expect(error.code).toBe('PROFILE_NOT_FOUND');
  });

  it('403s a private list and leaks nothing', async () => {
    const store = await owner({ publicWtbList: false });
    await store.client.call(createItem, { body: wtb() });
    for (const path of [
      `/api/public-lists/${store.userId}/wtb`,
      `/api/public-lists/${store.userId}/wtb/facets`,
    ]) {
      const res = await raw(path);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.code).toBe('LIST_PRIVATE');
      expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
      expect(JSON.stringify(body)).not.toMatch(/Kicks|DZ5485|total|items/i);
    }
    // Turning the flag on opens it.
    await store.client.call(updateMyProfile, { body: { publicWtbList: true } });
    const out = await visitor.call(getPublicList, { params: { userId: store.userId, listType: 'wtb' } });
    expect(out.items).toHaveLength(1);
  });

  it('shows only public pending items, urgent first, without private fields', async () => {
    const store = await owner();
    const [plain, urgent, soldLater, privateOne] = await createMany(store.client, [
      wtb({ sku: 'PLAIN', notes: 'secret note', source: 'outlet', purchasePrice: 9000 }),
      wtb({ sku: 'URGENT', urgent: true }),
      wtb({ sku: 'SOLD' }),
      wtb({ sku: 'PRIVATE', visibility: 'private' }),
    ]);
    await createMany(store.client, [
      wtb({ sku: 'AVAILABLE', status: 'available' }),
      { listType: 'wts', sku: 'WTS', name: 'Other list', sizes: ['42'] },
      { listType: 'inventory', sku: 'INV', name: 'Inventory', sizes: ['42'] },
    ]);
    await store.client.call(updateItem, { params: { itemId: soldLater! }, body: { status: 'sold' } });
    const later = await store.client.call(createItem, { body: wtb({ sku: 'NEWEST' }) });

    const res = await raw(`/api/public-lists/${store.userId}/wtb`);
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of [
      'secret note',
      'outlet',
      'purchasePrice',
      'notes',
      'source',
      'userId":"' + store.userId + '","list',
    ])
      expect(text).not.toContain(secret);
    const out = JSON.parse(text) as { items: { id: string; sku: string }[]; owner: object; cursor: null };
    expect(out.items.map((i) => i.sku)).toEqual(['URGENT', 'NEWEST', 'PLAIN']);
    expect(out.items.map((i) => i.id)).toEqual([urgent, later.item.id, plain]);
    expect(out.cursor).toBeNull();
    expect(out.owner).toEqual({
      userId: store.userId,
      businessName: 'Kicks Valencia',
      role: 'store',
      location: 'Valencia, Spain',
      avatarUrl: null,
      contactEmail: 'hello@kicks.example',
      instagramHandle: 'kicksvlc',
    });
    expect(out.items.map((i) => i.id)).not.toContain(privateOne);

    // Urgency and visibility changes move the item in and out of the index.
    await store.client.call(updateItem, { params: { itemId: plain! }, body: { urgent: true } });
    await store.client.call(updateItem, { params: { itemId: urgent! }, body: { visibility: 'private' } });
    const after = await visitor.call(getPublicList, { params: { userId: store.userId, listType: 'wtb' } });
    expect(after.items.map((i) => i.sku)).toEqual(['PLAIN', 'NEWEST']);
  });

  it('pages a 130-item list: every item exactly once, urgent first', async () => {
    const store = await owner();
    const ids = await createMany(
      store.client,
      Array.from({ length: 130 }, (_, i) =>
        wtb({
          sku: `SKU-${i}`,
          urgent: i % 10 === 0,
          brand: ['Nike', 'adidas', 'New Balance', ''][i % 4]!,
          sizes: i % 13 === 0 ? ['BULK'] : [String(36 + (i % 12)), 'M'],
        }),
      ),
    );
    const seen: { id: string; urgent: boolean }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await visitor.call(getPublicList, {
        params: { userId: store.userId, listType: 'wtb' },
        query: { limit: 50, cursor },
      });
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items);
      cursor = page.cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toHaveLength(130);
    expect(new Set(seen.map((i) => i.id))).toEqual(new Set(ids));
    const firstPlain = seen.findIndex((i) => !i.urgent);
    expect(firstPlain).toBe(13);
    expect(seen.slice(firstPlain).every((i) => !i.urgent)).toBe(true);

    const facets = await visitor.call(getPublicListFacets, {
      params: { userId: store.userId, listType: 'wtb' },
    });
    expect(facets.total).toBe(130);
    expect(facets.brands).toEqual(['ADIDAS', 'NEW BALANCE', 'NIKE']);
    expect(facets.sizes).toEqual(['BULK', 'M', ...Array.from({ length: 12 }, (_, i) => String(36 + i))]);

    const tooBig = await rejection(
      visitor.call(getPublicList, {
        params: { userId: store.userId, listType: 'wtb' },
        query: { limit: 101 },
      }),
    );
    expect(tooBig.status).toBe(400);
    expect((await raw(`/api/public-lists/${store.userId}/wtb?cursor=garbage`)).status).toBe(400);
    expect((await raw(`/api/public-lists/${store.userId}/inventory`)).status).toBe(400);
  });
});
