import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Item, Offer, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../app/routes/profile-route';
import { renderApp } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  publicWtbList: true,
};
const item: Item = {
  id: 'it-1',
  userId: 'u-1',
  listType: 'wtb',
  status: 'pending',
  visibility: 'public',
  urgent: true,
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
  targetPrice: 11000,
  desiredPrice: null,
  currency: 'EUR',
  source: null,
  purchasePrice: null,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('dashboard lists', () => {
  it('lists WTB items with the share card, adds an item in cents and deletes with confirmation', async () => {
    const bodies: unknown[] = [];
    let deleted = false;
    renderApp(
      '/dashboard/wtb',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/items' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json({ item: { ...item, id: 'it-2' } });
        }
        if (url.pathname === '/api/items')
          return Response.json({ items: deleted ? [] : [item], cursor: null });
        if (url.pathname === '/api/items/it-1' && init?.method === 'DELETE') {
          deleted = true;
          return Response.json({ deleted: true });
        }
        return undefined;
      },
      signedIn,
    );
    const row = await screen.findByTestId('item-row', {}, { timeout: 5000 });
    expect(within(row).getByText('Nike Dunk Low')).toBeTruthy();
    expect(screen.getByTestId('share-link').getAttribute('href')).toBe(
      `${window.location.origin}/share/u-1/wtb`,
    );
    expect((screen.getByTestId('share-public-wtb') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByTestId('add-item'));
    fireEvent.change(await screen.findByTestId('item-form-sku'), { target: { value: 'abc-1' } });
    fireEvent.change(screen.getByTestId('item-form-name'), { target: { value: 'Samba' } });
    fireEvent.change(screen.getByTestId('item-form-size-input'), { target: { value: '42, 43' } });
    fireEvent.click(screen.getByTestId('item-form-add-size'));
    fireEvent.change(screen.getByTestId('item-form-targetPrice'), { target: { value: '99.90' } });
    fireEvent.click(screen.getByTestId('item-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      listType: 'wtb',
      sku: 'abc-1',
      sizes: ['42', '43'],
      targetPrice: 9990,
    });

    fireEvent.click(within(await screen.findByTestId('item-row')).getByTestId('item-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByTestId('items-empty')).toBeTruthy();
  });

  it('shows received offers with their actions and counters with a price', async () => {
    const offer: Offer = {
      id: 'o-1',
      storeUserId: 'u-1',
      resellerUserId: 'u-2',
      itemId: 'it-1',
      itemName: 'Dunk',
      itemSku: 'dd1',
      itemImageUrl: null,
      size: '42',
      quantity: 1,
      offeredPrice: 10000,
      counterPrice: null,
      currency: 'EUR',
      message: null,
      status: 'pending',
      senderBusinessName: 'Resell Co',
      receiverBusinessName: 'Kicks Madrid',
      expiresAt: '2026-01-08T00:00:00Z',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const responses: unknown[] = [];
    renderApp(
      '/dashboard/offers',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/offers') return Response.json({ offers: [offer], cursor: null });
        if (url.pathname === '/api/offers/o-1/respond') {
          responses.push(JSON.parse(String(init?.body)));
          return Response.json({ offer: { ...offer, status: 'countered', counterPrice: 12000 } });
        }
        return undefined;
      },
      signedIn,
    );
    const row = await screen.findByTestId('offer-row', {}, { timeout: 5000 });
    expect(within(row).getByTestId('offer-accept')).toBeTruthy();
    expect(within(row).getByTestId('offer-decline')).toBeTruthy();
    expect(within(row).queryByTestId('offer-withdraw')).toBeNull();
    fireEvent.click(within(row).getByTestId('offer-counter'));
    fireEvent.change(await screen.findByTestId('counter-price'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('counter-submit'));
    await waitFor(() => expect(responses).toEqual([{ action: 'counter', price: 12000 }]));
  });
});
