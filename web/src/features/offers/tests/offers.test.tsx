import { describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { AnonymousOffer, Offer, OfferStatusView, Order, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { resolveDashboardLocation } from '../../../lib/sections';
import { changeLanguage, i18n } from '../../../i18n';
import { renderApp } from '../../../test/render-app';
import { DELETED_ACCOUNT_USER_ID } from '@sneakers/shared/contracts/deleted-account';
import { groupOffers } from '../components/offer-list';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};
const offer = (id: string, groupId: string, changes: Partial<Offer> = {}): Offer => ({
  id,
  groupId,
  storeUserId: 'u-1',
  resellerUserId: 'u-2',
  listType: 'wtb',
  itemId: `it-${id}`,
  itemName: `Dunk ${id}`,
  itemSku: 'dd1',
  itemImageUrl: null,
  size: '42',
  quantity: 1,
  offeredPrice: 10000,
  counterPrice: null,
  counterMessage: null,
  currency: 'EUR',
  message: 'Both DS',
  notes: null,
  status: 'pending',
  senderBusinessName: 'Resell Co',
  receiverBusinessName: 'Kicks Madrid',
  expiresAt: '2099-01-08T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...changes,
});
const anonymous: AnonymousOffer = {
  id: 'a-1',
  storeUserId: 'u-1',
  listType: 'wtb',
  language: 'en',
  currency: 'EUR',
  contactName: 'Ana Visitor',
  contactEmail: 'ana@example.com',
  contactPhone: '+34 600',
  instagram: '@ana',
  discord: null,
  message: 'Pick-up today',
  totalItems: 2,
  status: 'pending',
  lines: [
    {
      targetItemId: 'i1',
      itemName: 'Dunk',
      itemSku: 'dd1',
      size: '42',
      offeredPrice: 10000,
      quantity: 2,
      notes: null,
    },
    {
      targetItemId: 'i2',
      itemName: 'Samba',
      itemSku: 'id2',
      size: '44',
      offeredPrice: 5000,
      quantity: 1,
      notes: null,
    },
  ],
  counterPrice: null,
  counterMessage: null,
  expiresAt: '2099-01-08T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** The purchase order an accepted offer becomes (its lines do not matter here). */
const purchaseOrder = (id: string): Order => ({
  id,
  kind: 'purchase',
  status: 'pending',
  storeUserId: 'u-1',
  storeBusinessName: 'Kicks Madrid',
  counterparty: { kind: 'user', clientId: null, userId: 'u-2', name: 'Resell Co', email: null },
  lines: [],
  currency: 'EUR',
  total: 0,
  notes: null,
  shareId: 'share-0123456789abcdef',
  offerGroupId: null,
  anonymousOfferId: null,
  saleIds: [],
  fulfilledAt: null,
  channel: 'dashboard',
  buyer: null,
  paymentReference: null,
  viewerRole: 'store',
  createdAt: '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
});

describe('offers', () => {
  it('routes the links of emails and notifications to the offer itself', () => {
    expect(resolveDashboardLocation('/dashboard/offers/o-1')).toEqual({
      section: 'offers',
      detail: { kind: 'offer', id: 'o-1' },
    });
    expect(resolveDashboardLocation('/dashboard/offers/anonymous/a-1')).toEqual({
      section: 'offers',
      detail: { kind: 'anonymousOffer', id: 'a-1' },
    });
    expect(resolveDashboardLocation('/dashboard/offers/anonymous')).toEqual({ section: 'offers' });
    expect(resolveDashboardLocation('/dashboard/offers')).toEqual({ section: 'offers' });
  });

  it('groups the lines of one call into one offer, oldest line first', () => {
    const groups = groupOffers([offer('o-3', 'o-3'), offer('o-2', 'o-1'), offer('o-1', 'o-1')]);
    expect(groups.map((g) => g.map((o) => o.id))).toEqual([['o-3'], ['o-1', 'o-2']]);
  });

  it('opens an anonymous offer from its link, with the contact details, and counters the total with a message', async () => {
    const bodies: unknown[] = [];
    renderApp(
      '/dashboard/offers/anonymous/a-1',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/anonymous-offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/anonymous-offers/a-1') return Response.json({ offer: anonymous });
        if (url.pathname === '/api/anonymous-offers/a-1/respond') {
          bodies.push(JSON.parse(String(init?.body)));
          return Response.json({ offer: { ...anonymous, status: 'countered', counterPrice: 24000 } });
        }
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    const card = await within(detail).findByTestId('anonymous-offer-row');
    expect(within(card).getByTestId('anonymous-offer-contact').textContent).toContain('ana@example.com');
    // No account stands behind an anonymous offer: nobody to message.
    expect(within(detail).queryByTestId('offer-message-partner')).toBeNull();
    expect(within(card).getByTestId('offer-total').textContent).toBe('€250.00');
    expect(within(card).queryByTestId('offer-withdraw')).toBeNull();
    fireEvent.click(within(card).getByTestId('offer-counter'));
    fireEvent.change(await screen.findByTestId('counter-price'), { target: { value: '240' } });
    fireEvent.change(screen.getByTestId('counter-message'), { target: { value: ' Both for 240 ' } });
    fireEvent.click(screen.getByTestId('counter-submit'));
    await waitFor(() =>
      expect(bodies).toEqual([{ action: 'counter', price: 24000, message: 'Both for 240' }]),
    );
  }, 20_000);

  it('marks an accepted storefront offer as a sale of the pair, without Create order', async () => {
    const storefront: AnonymousOffer = { ...anonymous, listType: 'inventory', status: 'accepted' };
    renderApp(
      '/dashboard/offers/anonymous/a-1',
      (url) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/anonymous-offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/anonymous-offers/a-1') return Response.json({ offer: storefront });
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    const card = await within(detail).findByTestId('anonymous-offer-row');
    expect(card.textContent).toContain('Online store');
    expect(within(card).getByTestId('storefront-offer-hint')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /create order/i })).toBeNull();
  }, 20_000);

  it('opens a signed-in offer with its group; Accept asks first, then shows the agreed price', async () => {
    const group = [offer('o-1', 'o-1'), offer('o-2', 'o-1')];
    let accepted = false;
    renderApp(
      '/dashboard/offers/o-2',
      (url) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/offers/o-2') {
          const lines = accepted ? [{ ...group[0]!, status: 'accepted' }, group[1]] : group;
          return Response.json({ offer: group[1], group: lines });
        }
        if (url.pathname === '/api/offers/o-1/respond') {
          accepted = true;
          return Response.json({ offer: { ...group[0]!, status: 'accepted' } });
        }
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    const rows = await within(detail).findAllByTestId('offer-row');
    expect(rows).toHaveLength(2);
    expect(within(detail).getByTestId('offer-message').textContent).toContain('Both DS');
    fireEvent.click(within(rows[0]!).getByTestId('offer-accept'));
    expect(accepted).toBe(false);
    const confirm = await screen.findByTestId('offer-accept-dialog');
    expect(confirm.textContent).toContain('€100.00');
    fireEvent.click(within(confirm).getByTestId('offer-accept-confirm'));
    await waitFor(() =>
      expect(within(detail).getByTestId('offer-agreed-price').textContent).toContain('€100.00'),
    );
  }, 20_000);

  it('turns an accepted offer the store received into its order, once, and opens it', async () => {
    const bodies: unknown[] = [];
    const group = [offer('o-1', 'o-1', { status: 'accepted' }), offer('o-2', 'o-1', { status: 'declined' })];
    const { router } = renderApp(
      '/dashboard/offers/o-1',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/offers/o-1') return Response.json({ offer: group[0], group });
        if (url.pathname === '/api/offer-orders' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json({ order: purchaseOrder('or-5') });
        }
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    fireEvent.click(await within(detail).findByTestId('offer-create-order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/order/or-5'));
    expect(bodies).toEqual([{ offerId: 'o-1' }]);
  }, 20_000);

  it('offers no order for a pending offer, nor for one the store sent', async () => {
    renderApp(
      '/dashboard/offers/o-1',
      (url) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/offers/o-1') {
          const sent = offer('o-1', 'o-1', { status: 'accepted', storeUserId: 'u-9', resellerUserId: 'u-1' });
          return Response.json({ offer: sent, group: [sent] });
        }
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    await within(detail).findByTestId('offer-agreed-price');
    expect(within(detail).queryByTestId('offer-create-order')).toBeNull();
  }, 20_000);

  it('turns an accepted anonymous offer into its order', async () => {
    const bodies: unknown[] = [];
    const { router } = renderApp(
      '/dashboard/offers/anonymous/a-1',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/anonymous-offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/anonymous-offers/a-1')
          return Response.json({ offer: { ...anonymous, status: 'accepted' } });
        if (url.pathname === '/api/offer-orders' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json({ order: purchaseOrder('or-6') });
        }
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    fireEvent.click(await within(detail).findByTestId('offer-create-order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/order/or-6'));
    expect(bodies).toEqual([{ anonymousOfferId: 'a-1' }]);
  }, 20_000);

  it('messages the other party of a signed-in offer about its item and opens the conversation', async () => {
    const bodies: unknown[] = [];
    // The caller (u-1) sent this offer to the store u-9: the store is the one to write to.
    const sent = offer('o-1', 'o-1', { storeUserId: 'u-9', resellerUserId: 'u-1', listType: 'wtc' });
    const { router } = renderApp(
      '/dashboard/offers/o-1',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/offers/o-1') return Response.json({ offer: sent, group: [sent] });
        if (url.pathname === '/api/conversations' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json(
            {
              conversation: {
                id: 'c-7',
                storeUserId: 'u-9',
                resellerUserId: 'u-1',
                partner: {
                  userId: 'u-9',
                  businessName: 'Kicks Madrid',
                  avatarUrl: null,
                  role: 'store',
                  rating: { average: null, count: 0 },
                },
                relatedItem: null,
                lastMessage: null,
                unreadCount: 0,
                updatedAt: '2026-01-01T00:00:00Z',
                createdAt: '2026-01-01T00:00:00Z',
              },
              created: true,
            },
            { status: 201 },
          );
        }
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    const button = await within(detail).findByTestId('offer-message-partner');
    expect(button.textContent).toBe('Message Kicks Madrid');
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages'));
    expect(router.state.location.search).toBe('?conversation=c-7');
    expect(bodies).toEqual([
      { partnerUserId: 'u-9', relatedItem: { ownerUserId: 'u-9', listType: 'wtc', itemId: 'it-o-1' } },
    ]);
  }, 20_000);

  it("shows an offer from a deleted account as such, in the user's language, with nobody to message", async () => {
    // What the account's deletion leaves in the receiver's inbox (docs/product/accounts.md#closing-the-account).
    const left = offer('o-1', 'o-1', {
      resellerUserId: DELETED_ACCOUNT_USER_ID,
      senderBusinessName: 'Deleted account',
      status: 'withdrawn',
      message: null,
    });
    await changeLanguage('es');
    onTestFinished(async () => {
      await i18n.changeLanguage('en');
    });
    renderApp(
      '/dashboard/offers/o-1',
      (url) => {
        if (url.pathname === '/api/profile')
          return Response.json({ profile: { ...profile, language: 'es' } });
        if (url.pathname === '/api/offers') return Response.json({ offers: [], cursor: null });
        if (url.pathname === '/api/offers/o-1') return Response.json({ offer: left, group: [left] });
        return undefined;
      },
      signedIn,
    );
    const detail = await screen.findByTestId('offer-detail', {}, { timeout: 20_000 });
    await waitFor(() =>
      expect(within(detail).getByTestId('offer-counterpart').textContent).toBe('Cuenta eliminada'),
    );
    expect(within(detail).queryByTestId('offer-message-partner')).toBeNull();
  }, 20_000);

  it("shows the sender's status page by token: status, counter, its note and the store", async () => {
    const status: OfferStatusView = {
      status: 'countered',
      listType: 'wtb',
      storeBusinessName: 'Kicks Madrid',
      currency: 'EUR',
      lines: [{ itemName: 'Dunk', itemSku: 'dd1', size: '42', offeredPrice: 10000, quantity: 2 }],
      offeredTotal: 20000,
      counterPrice: 18000,
      counterMessage: 'Lowest I go',
      agreedPrice: null,
      expiresAt: '2099-01-08T00:00:00Z',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    renderApp('/offer-status/tok_1234567890abcdef', (url) =>
      url.pathname === '/api/offer-status/tok_1234567890abcdef'
        ? Response.json({ offer: status })
        : undefined,
    );
    expect((await screen.findByTestId('offer-status-badge', {}, { timeout: 20_000 })).textContent).toBe(
      'Countered',
    );
    expect(screen.getByTestId('offer-status-counter').textContent).toContain('€180.00');
    expect(screen.getByTestId('offer-status-counter').textContent).toContain('Lowest I go');
    expect(screen.getByTestId('offer-status-store').textContent).toBe('Kicks Madrid');
  }, 20_000);

  it('says so when the status link is unknown', async () => {
    renderApp('/offer-status/unknown-token-123456');
    expect(await screen.findByTestId('offer-status-not-found', {}, { timeout: 20_000 })).toBeTruthy();
  }, 20_000);
});
