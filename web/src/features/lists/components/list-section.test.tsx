import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Item, Offer, UserProfile } from '@sneakers/shared';
import { renderApp } from '../../../test/render-app';
import { signedIn, testItem, testProfile } from '../tests/test-support';

const profile: UserProfile = { ...testProfile, publicWtbList: true };
const item: Item = { ...testItem, urgent: true };

// Whole journeys through the app shell (lazy chunks, several requests each): slower than the
// 5 s default on a busy machine.
describe('dashboard lists', { timeout: 40_000 }, () => {
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
    const row = await screen.findByTestId('item-row', {}, { timeout: 20_000 });
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

  it('keeps a typed size with its system as one size, separated only by commas', async () => {
    const bodies: unknown[] = [];
    renderApp(
      '/dashboard/wtb',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/items' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json({ item: { ...item, id: 'it-2' }, created: true });
        }
        if (url.pathname === '/api/items') return Response.json({ items: [], cursor: null });
        return undefined;
      },
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('add-item', {}, { timeout: 20_000 }));
    fireEvent.change(await screen.findByTestId('item-form-sku'), { target: { value: 'abc-1' } });
    fireEvent.change(screen.getByTestId('item-form-name'), { target: { value: 'Samba' } });
    fireEvent.change(screen.getByTestId('item-form-size-input'), { target: { value: 'UK 8.5, US 10' } });
    fireEvent.click(screen.getByTestId('item-form-add-size'));
    expect(screen.getAllByTestId('item-form-size').map((li) => li.textContent)).toEqual(['UK 8.5', 'US 10']);
    // What is still in the box when saving is added too.
    fireEvent.change(screen.getByTestId('item-form-size-input'), { target: { value: '42 eu, us 10' } });
    fireEvent.click(screen.getByTestId('item-form-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ sizes: ['UK 8.5', 'US 10', '42 eu'] });
  });

  it('opens the form from Edit in the list and saves the change', async () => {
    const patches: unknown[] = [];
    renderApp(
      '/dashboard/wtb',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/items/it-1' && init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          return Response.json({ item: { ...item, name: 'Dunk Low Panda' } });
        }
        if (url.pathname === '/api/items') return Response.json({ items: [item], cursor: null });
        return undefined;
      },
      signedIn,
    );
    const row = await screen.findByTestId('item-row', {}, { timeout: 20_000 });
    fireEvent.click(within(row).getByTestId('item-edit'));
    const dialog = await screen.findByTestId('edit-item-dialog');
    const name = within(dialog).getByTestId('item-form-name') as HTMLInputElement;
    expect(name.value).toBe('nike dunk low');
    expect((within(dialog).getByTestId('item-form-targetPrice') as HTMLInputElement).value).toBe('110.00');
    fireEvent.change(name, { target: { value: 'Dunk Low Panda' } });
    fireEvent.click(within(dialog).getByTestId('item-form-submit'));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ name: 'Dunk Low Panda', sizes: ['42'], targetPrice: 11000 });
    await waitFor(() => expect(screen.queryByTestId('edit-item-dialog')).toBeNull());
  });

  it('shows an inventory item’s purchase and asking price and edits the asking price', async () => {
    const stock: Item = {
      ...item,
      id: 'inv-1',
      listType: 'inventory',
      status: 'available',
      visibility: 'private',
      urgent: false,
      targetPrice: null,
      purchasePrice: 9000,
      askingPrice: 15000,
    };
    const patches: unknown[] = [];
    renderApp(
      '/dashboard/inventory',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/items/inv-1' && init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          return Response.json({ item: { ...stock, askingPrice: 16050 } });
        }
        if (url.pathname === '/api/items') return Response.json({ items: [stock], cursor: null });
        return undefined;
      },
      signedIn,
    );
    const row = await screen.findByTestId('item-row', {}, { timeout: 20_000 });
    expect(within(row).getByTestId('item-price-purchase').textContent).toMatch(/Purchase price.*90[.,]00/);
    expect(within(row).getByTestId('item-price-asking').textContent).toMatch(/Asking price.*150[.,]00/);
    fireEvent.click(within(row).getByTestId('item-edit'));
    const asking = (await screen.findByTestId('item-form-askingPrice')) as HTMLInputElement;
    expect(asking.value).toBe('150.00');
    expect(screen.queryByTestId('item-form-targetPrice')).toBeNull();
    fireEvent.change(asking, { target: { value: '160.5' } });
    fireEvent.click(screen.getByTestId('item-form-submit'));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ askingPrice: 16050, purchasePrice: 9000, targetPrice: null });
  });

  it('titles Shareable Lists after itself and shows every shareable list with its link and count', async () => {
    const wts: Item = { ...item, id: 'wts-1', listType: 'wts', targetPrice: null, desiredPrice: 20000 };
    renderApp(
      '/dashboard/lists',
      (url) => {
        if (url.pathname === '/api/profile')
          return Response.json({ profile: { ...profile, publicWtsList: true, publicWtcList: false } });
        if (url.pathname === '/api/items') {
          const listType = url.searchParams.get('listType');
          const items =
            listType === 'wtb'
              ? [item]
              : listType === 'wts'
                ? [wts, { ...wts, id: 'wts-2', status: 'sold' }]
                : [];
          return Response.json({ items, cursor: null });
        }
        return undefined;
      },
      signedIn,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shareable Lists' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Want to Sell' })).toBeNull();
    const cards = await screen.findAllByTestId('share-card');
    expect(cards.map((c) => c.getAttribute('data-list'))).toEqual(['wtb', 'wts', 'wtc']);
    for (const card of cards) {
      const list = card.getAttribute('data-list') ?? '';
      expect(within(card).getByTestId('share-link').getAttribute('href')).toBe(
        `${window.location.origin}/share/u-1/${list}`,
      );
      expect(within(card).getByTestId('copy-share-link')).toBeTruthy();
    }
    expect((screen.getByTestId('share-public-wtc') as HTMLInputElement).checked).toBe(false);
    await waitFor(() =>
      expect(screen.getByTestId('shareable-count-wts').textContent).toBe('2 items · 1 on the public page'),
    );
    expect(screen.getByTestId('shareable-count-wtb').textContent).toBe('1 item · 1 on the public page');
    expect(screen.getByTestId('shareable-count-wtc').textContent).toBe('0 items · 0 on the public page');
    // The WTS items stay on this page.
    expect(await screen.findAllByTestId('item-row')).toHaveLength(2);
  });

  it('shows received offers with their actions and counters with a price', async () => {
    const offer: Offer = {
      id: 'o-1',
      groupId: 'o-1',
      storeUserId: 'u-1',
      resellerUserId: 'u-2',
      listType: 'wtb',
      itemId: 'it-1',
      itemName: 'Dunk',
      itemSku: 'dd1',
      itemImageUrl: null,
      size: '42',
      quantity: 1,
      offeredPrice: 10000,
      counterPrice: null,
      counterMessage: null,
      currency: 'EUR',
      message: null,
      notes: null,
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
    const row = await screen.findByTestId('offer-row', {}, { timeout: 20_000 });
    expect(within(row).getByTestId('offer-accept')).toBeTruthy();
    expect(within(row).getByTestId('offer-decline')).toBeTruthy();
    expect(within(row).queryByTestId('offer-withdraw')).toBeNull();
    fireEvent.click(within(row).getByTestId('offer-counter'));
    fireEvent.change(await screen.findByTestId('counter-price'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('counter-submit'));
    await waitFor(() => expect(responses).toEqual([{ action: 'counter', price: 12000 }]));
  });
});
