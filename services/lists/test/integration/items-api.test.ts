import { describe, expect, it } from 'vitest';
import { createItem, deleteItem, getMyItem, listMyItems, updateItem } from '@sneakers/shared/contracts/lists';
import { api, newUser, raw, rejection } from '../../../../tests/support/cloud-client';
import { createMany, wtb } from './support';

function send(token: string, method: string, path: string, body?: unknown) {
  return raw(path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('own items through the local gateway', () => {
  it('creates, reads, lists, updates and deletes the caller’s items', async () => {
    const { token } = await newUser();
    const client = api(token);
    const res = await send(
      token,
      'POST',
      '/api/items',
      wtb({ sizes: ['42', 'bulk'], urgent: true, notes: 'n' }),
    );
    expect(res.status).toBe(201);
    const { item } = (await res.json()) as { item: { id: string; userId: string } };
    expect(item).toMatchObject({
      listType: 'wtb',
      status: 'pending',
      visibility: 'public',
      urgent: true,
      isBulk: true,
      sizes: ['42', 'BULK'],
      targetPrice: 18000,
      desiredPrice: null,
      currency: 'EUR',
      notes: 'n',
    });
    expect((await client.call(getMyItem, { params: { itemId: item.id } })).item).toEqual(item);

    const inventory = await client.call(createItem, {
      body: { listType: 'inventory', sku: 'IE0421', name: 'Samba OG', sizes: ['44'], purchasePrice: 7000 },
    });
    expect(inventory.item).toMatchObject({ status: 'available', visibility: 'private' });

    const list = await client.call(listMyItems, { query: { listType: 'wtb' } });
    expect(list.items.map((i) => i.id)).toEqual([item.id]);
    expect((await client.call(listMyItems, { query: { listType: 'inventory' } })).items).toHaveLength(1);

    const updated = await client.call(updateItem, {
      params: { itemId: item.id },
      body: { name: 'Jordan 1 Chicago', status: 'sold', notes: null },
    });
    expect(updated.item).toMatchObject({
      name: 'Jordan 1 Chicago',
      status: 'sold',
      notes: null,
      isBulk: true,
    });
    expect((await client.call(getMyItem, { params: { itemId: item.id } })).item).toEqual(updated.item);

    expect(await client.call(deleteItem, { params: { itemId: item.id } })).toEqual({ deleted: true });
    expect((await rejection(client.call(getMyItem, { params: { itemId: item.id } }))).status).toBe(404);
    expect((await rejection(client.call(deleteItem, { params: { itemId: item.id } }))).code).toBe(
      'ITEM_NOT_FOUND',
    );
  });

  it('pages the caller’s list newest first with a cursor', async () => {
    const { token } = await newUser();
    const client = api(token);
    const ids = await createMany(
      client,
      Array.from({ length: 7 }, (_, i) => wtb({ sku: `SKU-${i}` })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.call(listMyItems, { query: { listType: 'wtb', limit: 3, cursor } });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].sort().reverse());
    const bad = await rejection(
      client.call(listMyItems, { query: { listType: 'wtb', cursor: 'not-a-cursor' } }),
    );
    expect(bad.status).toBe(400);
  });

  it('never lets another user read, change or delete an item', async () => {
    const a = api((await newUser()).token);
    const b = api((await newUser()).token);
    const { item } = await a.call(createItem, { body: wtb() });
    for (const call of [
      () => b.call(getMyItem, { params: { itemId: item.id } }),
      () => b.call(updateItem, { params: { itemId: item.id }, body: { name: 'mine now' } }),
      () => b.call(deleteItem, { params: { itemId: item.id } }),
    ]) {
      const error = await rejection(call());
      expect(error.status).toBe(404);
      expect(error.code).toBe('ITEM_NOT_FOUND');
    }
    expect((await b.call(listMyItems, { query: { listType: 'wtb' } })).items).toEqual([]);
    expect((await a.call(getMyItem, { params: { itemId: item.id } })).item).toEqual(item);
  });

  it('refuses bad input with 400 and the fields, storing nothing', async () => {
    const { token } = await newUser();
    const client = api(token);
    const cases: [unknown, string, string][] = [
      [{ ...wtb(), sku: '' }, 'VALIDATION_FAILED', 'sku'],
      [{ ...wtb(), sizes: [] }, 'VALIDATION_FAILED', 'sizes'],
      [
        { ...wtb(), sizes: Array.from({ length: 61 }, (_, i) => String(i + 30)) },
        'VALIDATION_FAILED',
        'sizes',
      ],
      [{ ...wtb(), targetPrice: -1 }, 'VALIDATION_FAILED', 'targetPrice'],
      [{ ...wtb(), userId: 'someone-else' }, 'VALIDATION_FAILED', ''],
      [{ ...wtb(), desiredPrice: 100 }, 'PRICE_NOT_FOR_LIST', 'desiredPrice'],
      [{ ...wtb(), listType: 'wts', targetPrice: 100 }, 'PRICE_NOT_FOR_LIST', 'targetPrice'],
    ];
    for (const [body, code, field] of cases) {
      const res = await send(token, 'POST', '/api/items', body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; fields?: Record<string, string[]> } };
      expect(error.code).toBe(code);
      expect(Object.keys(error.fields ?? {}).some((k) => k.startsWith(field))).toBe(true);
    }
    for (const listType of ['wtb', 'wts'] as const)
      expect((await client.call(listMyItems, { query: { listType } })).items).toEqual([]);

    const { item } = await client.call(createItem, { body: wtb() });
    const patch = await send(token, 'PATCH', `/api/items/${item.id}`, { desiredPrice: 5 });
    expect(patch.status).toBe(400);
    expect((await send(token, 'PATCH', `/api/items/${item.id}`, {})).status).toBe(400);
    expect((await client.call(getMyItem, { params: { itemId: item.id } })).item).toEqual(item);
  });

  it('stores a size with its system as one size, from a create and from an update', async () => {
    const { token } = await newUser();
    const client = api(token);
    const { item } = await client.call(createItem, {
      body: wtb({ sizes: ['UK 8.5', 'US 10', '42 EU', ' uk  8.5 '] }),
    });
    expect(item.sizes).toEqual(['UK 8.5', 'US 10', '42 EU']);
    const updated = await client.call(updateItem, {
      params: { itemId: item.id },
      body: { sizes: ['EU 44, 9.5 US', 'bulk'] },
    });
    expect(updated.item).toMatchObject({ sizes: ['EU 44', '9.5 US', 'BULK'], isBulk: true });
    expect((await client.call(getMyItem, { params: { itemId: item.id } })).item.sizes).toEqual([
      'EU 44',
      '9.5 US',
      'BULK',
    ]);
  });

  it('keeps an inventory item’s asking price beside its purchase price, and only there', async () => {
    const { token } = await newUser();
    const client = api(token);
    const { item } = await client.call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'IE0421',
        name: 'Samba OG',
        sizes: ['44'],
        purchasePrice: 7000,
        askingPrice: 12500,
      },
    });
    expect(item).toMatchObject({ purchasePrice: 7000, askingPrice: 12500 });
    const listed = await client.call(listMyItems, { query: { listType: 'inventory' } });
    expect(listed.items.map((i) => [i.purchasePrice, i.askingPrice])).toEqual([[7000, 12500]]);
    const raised = await client.call(updateItem, {
      params: { itemId: item.id },
      body: { askingPrice: 13999 },
    });
    expect(raised.item.askingPrice).toBe(13999);
    const cleared = await client.call(updateItem, {
      params: { itemId: item.id },
      body: { askingPrice: null },
    });
    expect(cleared.item.askingPrice).toBeNull();
    expect((await client.call(getMyItem, { params: { itemId: item.id } })).item.askingPrice).toBeNull();

    const refused: [unknown, string][] = [
      [{ listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'], askingPrice: -1 }, 'VALIDATION_FAILED'],
      [{ listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'], askingPrice: 10.5 }, 'VALIDATION_FAILED'],
      [
        { listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'], askingPrice: '100' },
        'VALIDATION_FAILED',
      ],
      [{ ...wtb(), askingPrice: 100 }, 'PRICE_NOT_FOR_LIST'],
    ];
    for (const [body, code] of refused) {
      const res = await send(token, 'POST', '/api/items', body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; fields?: Record<string, string[]> } };
      expect([error.code, Object.keys(error.fields ?? {})]).toEqual([code, ['askingPrice']]);
    }
    const wtbItem = await client.call(createItem, { body: wtb() });
    expect((await send(token, 'PATCH', `/api/items/${wtbItem.item.id}`, { askingPrice: 100 })).status).toBe(
      400,
    );
    expect((await client.call(listMyItems, { query: { listType: 'inventory' } })).items).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    expect((await raw('/api/items?listType=wtb')).status).toBe(401);
  });
});
