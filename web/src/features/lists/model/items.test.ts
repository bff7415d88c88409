import { describe, expect, it } from 'vitest';
import { draftFromItem, draftToPayload, emptyDraft, filterItems, DEFAULT_ITEM_FILTERS } from './items';
import type { Item } from '@sneakers/shared';

describe('item form', () => {
  it('turns typed decimals into cents and keeps BULK beside the other sizes', () => {
    const result = draftToPayload(
      {
        ...emptyDraft('EUR', 'wtb'),
        sku: ' x1 ',
        name: 'Dunk',
        isBulk: true,
        sizes: ['42'],
        targetPrice: '199,99',
        purchasePrice: '100',
      },
      'wtb',
    );
    expect(result.payload).toMatchObject({
      sku: 'x1',
      sizes: ['BULK', '42'],
      targetPrice: 19999,
      purchasePrice: 10000,
      desiredPrice: null,
      askingPrice: null,
    });
  });
  it('edits a BULK item without losing its other sizes', () => {
    const item = {
      ...({} as Item),
      sku: 'x1',
      name: 'Dunk',
      brand: '',
      colorway: '',
      imageUrl: null,
      sizes: ['BULK', '44'],
      isBulk: true,
      urgent: false,
      visibility: 'public',
      status: 'pending',
      targetPrice: 100,
      desiredPrice: null,
      askingPrice: null,
      currency: 'EUR',
      source: null,
      purchasePrice: null,
      purchaseDate: null,
      notes: null,
      productCatalogId: null,
      productVariantId: null,
    } satisfies Partial<Item>;
    const draft = draftFromItem(item as Item);
    expect([draft.isBulk, draft.sizes]).toEqual([true, ['44']]);
    expect(draftToPayload(draft, 'wtb').payload?.sizes).toEqual(['BULK', '44']);
    expect(draftToPayload({ ...draft, isBulk: false }, 'wtb').payload?.sizes).toEqual(['44']);
  });
  it('sends only the list’s own price: inventory its asking price', () => {
    const draft = {
      ...emptyDraft('EUR', 'wtb'),
      sku: 'a',
      name: 'b',
      sizes: ['42'],
      askingPrice: '150',
      targetPrice: 'x',
    };
    const { payload } = draftToPayload(draft, 'inventory');
    expect(payload).toMatchObject({ askingPrice: 15000, targetPrice: null, desiredPrice: null });
    expect(draftToPayload({ ...draft, askingPrice: '1.234' }, 'inventory').errors).toEqual({
      askingPrice: 'lists.form.errors.price',
    });
  });
  it('refuses a size longer than the API takes', () => {
    const draft = { ...emptyDraft('EUR', 'wtb'), sku: 'a', name: 'b', sizes: ['EU 42 2/3 extra wide fit'] };
    expect(draftToPayload(draft, 'wtb').errors).toEqual({ sizes: 'lists.form.errors.sizeTooLong' });
  });
  it('reports the missing fields', () => {
    const result = draftToPayload({ ...emptyDraft('EUR', 'wtb'), targetPrice: 'abc' }, 'wtb');
    expect(result.errors).toEqual({
      sku: 'lists.form.errors.skuRequired',
      name: 'lists.form.errors.nameRequired',
      sizes: 'lists.form.errors.sizesRequired',
      targetPrice: 'lists.form.errors.price',
    });
  });
  it('searches, filters and sorts', () => {
    const base = {
      brand: '',
      sku: '',
      status: 'pending',
      visibility: 'public',
      urgent: false,
      listType: 'wtb',
      targetPrice: null,
    } as unknown as Item;
    const items = [
      { ...base, id: '1', name: 'B', createdAt: '2024-01-01', targetPrice: 500 },
      { ...base, id: '2', name: 'A', createdAt: '2024-02-01', urgent: true, targetPrice: 100 },
    ] as Item[];
    expect(filterItems(items, DEFAULT_ITEM_FILTERS).map((i) => i.id)).toEqual(['2', '1']);
    expect(filterItems(items, { ...DEFAULT_ITEM_FILTERS, sort: 'price' }).map((i) => i.id)).toEqual([
      '1',
      '2',
    ]);
    expect(filterItems(items, { ...DEFAULT_ITEM_FILTERS, sort: 'name' }).map((i) => i.id)).toEqual([
      '2',
      '1',
    ]);
    expect(filterItems(items, { ...DEFAULT_ITEM_FILTERS, urgentOnly: true }).map((i) => i.id)).toEqual(['2']);
  });
});
