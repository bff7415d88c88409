import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import '../../../test/setup';
import type { Item } from '@sneakers/shared';
import { change, renderPricing, storeProfile } from './test-support';

const item: Item = {
  id: 'it-1',
  userId: 'u-1',
  listType: 'wts',
  status: 'pending',
  visibility: 'public',
  urgent: false,
  isBulk: false,
  productCatalogId: null,
  productVariantId: null,
  bookingId: null,
  sku: 'dd1391-100',
  name: 'nike dunk low',
  brand: 'Nike',
  colorway: 'Panda',
  imageUrl: null,
  sizes: ['42'],
  targetPrice: null,
  desiredPrice: 20_500,
  askingPrice: null,
  currency: 'EUR',
  source: null,
  purchasePrice: 15_000,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** The item detail page of the lists feature, which shows the pricing feature's history in its slot. */
function renderItem(changes: ReturnType<typeof change>[]) {
  return renderPricing(
    (url) => {
      if (url.pathname === '/api/items/it-1') return Response.json({ item });
      if (url.pathname === '/api/pricing/items/it-1/history') return Response.json({ changes, cursor: null });
      return undefined;
    },
    storeProfile(),
    '/dashboard/wts-item/it-1',
  );
}

describe("an item's price history on the item detail", { timeout: 30_000 }, () => {
  it('shows each change: strategy, before → after, auto or a person, and an undone marker', async () => {
    renderItem([
      change({
        runId: 'r-2',
        trigger: 'auto',
        changedBy: null,
        before: 20_500,
        after: 19_900,
        at: '2026-03-03T10:00:00Z',
      }),
      change({ undoneAt: '2026-03-02T12:00:00Z' }),
    ]);
    const history = await screen.findByTestId('item-price-history', {}, { timeout: 20_000 });
    expect(within(history).getByRole('heading').textContent).toBe('Price history');
    const rows = await within(history).findAllByTestId('item-price-change');
    expect(rows).toHaveLength(2);
    const [auto, undone] = rows as [HTMLElement, HTMLElement];
    expect(within(auto).getByTestId('item-price-change-prices').textContent).toBe('€205.00 → €199.00');
    expect(auto.textContent).toContain('Beat the market');
    expect(auto.textContent).toContain('Auto');
    expect(within(auto).queryByTestId('item-price-change-undone')).toBeNull();
    expect(undone.textContent).toContain('By a person');
    expect(within(undone).getByTestId('item-price-change-undone').textContent).toBe('Undone');
  });

  it('says when no strategy has changed the price yet', async () => {
    renderItem([]);
    expect((await screen.findByTestId('item-price-history-empty', {}, { timeout: 20_000 })).textContent).toBe(
      'No price changes by strategies yet',
    );
  });
});
