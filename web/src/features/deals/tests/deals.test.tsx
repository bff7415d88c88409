import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Deal, DealHide, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { changeLanguage, i18n } from '../../../i18n';
import { renderApp } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profileOf = (role: UserProfile['role']): UserProfile => ({
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  role,
  businessName: 'Kicks Madrid',
});

const deal = (patch: Partial<Deal> = {}): Deal => ({
  id: 'd-1',
  product: {
    name: 'nike dunk low panda',
    sku: 'dd1391-100',
    brand: 'Nike',
    imageUrl: null,
    productCatalogId: 'p-1',
  },
  mine: { id: 'wtb-1', listType: 'wtb', price: 12_000, currency: 'EUR', updatedAt: '2026-02-01T10:00:00Z' },
  theirs: { id: 'wts-1', listType: 'wtc', price: 10_000, currency: 'EUR', updatedAt: '2026-02-01T10:00:00Z' },
  sizes: [{ mine: 'US M 9', theirs: 'EU 42.5' }],
  figures: { gap: -2000, readyToTrade: true, netMargin: 750 },
  partnerFills: { filled: 3, of: 4 },
  partner: {
    userId: 'u-2',
    businessName: 'Sole Seller',
    role: 'reseller',
    location: 'Valencia',
    ratingAverage: 4.5,
    ratingCount: 12,
  },
  matchedAt: '2026-02-01T10:00:00Z',
  isNew: true,
  ...patch,
});

interface Board {
  side?: 'want' | 'have';
  deals?: Deal[];
  /** The caller's profileVisibleInDeals (the board answers it as `visible`); on unless told. */
  visible?: boolean;
  /** Status of every board read (500: the error state). */
  status?: number;
  brands?: string[];
  /** A second page, answered for cursor=next (the first page then names that cursor). */
  nextPage?: Deal[];
  /** Status of POST /api/deals/hidden. */
  hideStatus?: number;
  newDeals?: number;
}

/** A deals server: the board, badge, seen and hide routes, recording what the board sent. */
function server(role: UserProfile['role'], board: Board = {}) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  let newDeals = board.newDeals ?? 0;
  let profile = { ...profileOf(role), profileVisibleInDeals: board.visible ?? true };
  const hiddenIds = new Set<string>();
  const route = (url: URL, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname.startsWith('/api/deals') || url.pathname === '/api/offers' || method !== 'GET')
      calls.push({ method, path: url.pathname, search: url.search, body });
    if (url.pathname === '/api/profile') {
      if (method === 'PATCH') profile = { ...profile, ...(body as Partial<UserProfile>) };
      return Response.json({ profile });
    }
    if (url.pathname === '/api/deals' && method === 'GET') {
      if (board.status)
        return Response.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 });
      const second = url.searchParams.get('cursor') === 'next';
      return Response.json({
        side: board.side ?? (role === 'store' ? 'want' : 'have'),
        deals: ((second ? board.nextPage : board.deals) ?? []).filter((d) => !hiddenIds.has(d.id)),
        cursor: board.nextPage && !second ? 'next' : null,
        brands: board.brands ?? ['Nike'],
        visible: profile.profileVisibleInDeals,
      });
    }
    if (url.pathname === '/api/deals/badge') return Response.json({ newDeals });
    if (url.pathname === '/api/deals/seen' && method === 'POST') {
      newDeals = 0;
      return Response.json({ newDeals });
    }
    if (url.pathname === '/api/deals/hidden' && method === 'POST') {
      if (board.hideStatus)
        return Response.json(
          { error: { code: 'DEMO_MODE', message: 'Demo mode is read-only.' } },
          { status: board.hideStatus },
        );
      const { targetId } = body as { targetId: string };
      hiddenIds.add(targetId);
      const hidden: DealHide = {
        id: 'h-1',
        kind: 'deal',
        targetId,
        label: 'Nike Dunk Low Panda',
        createdAt: '2026-02-01T10:00:00Z',
      };
      return Response.json({ hidden });
    }
    if (url.pathname === '/api/offers' && method === 'POST')
      return Response.json({ offers: [] }, { status: 201 });
    return undefined;
  };
  return { route, calls, setNewDeals: (n: number) => (newDeals = n) };
}

const rows = () => screen.findAllByTestId('deal-row');

describe('deals board', { timeout: 40_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("a store reads resellers' deals: sizes both ways, prices, signed margin, ready to trade, partner fills, partner", async () => {
    const { route, calls } = server('store', { deals: [deal()] });
    renderApp('/dashboard/deals', route, signedIn);
    expect((await screen.findByTestId('deals-title', {}, { timeout: 20_000 })).textContent).toBe(
      'Resellers who have what you want',
    );
    const [row] = await rows();
    const card = within(row!);
    expect(card.getByRole('heading', { name: 'Nike Dunk Low Panda' })).toBeTruthy();
    expect(card.getByTestId('deal-sku').textContent).toBe('DD1391-100');
    expect(card.getByTestId('deal-sizes').textContent).toBe('Yours US M 9 · Theirs EU 42.5');
    expect(card.getByTestId('deal-my-price').textContent).toBe('€120.00');
    expect(card.getByTestId('deal-their-price').textContent).toBe('€100.00');
    expect(card.getByTestId('deal-gap').textContent).toBe('\u2212€20.00');
    const margin = card.getByTestId('deal-margin');
    expect(margin.textContent).toBe('+€7.50');
    expect(margin.dataset.tone).toBe('positive');
    expect(card.getByTestId('deal-ready').textContent).toBe('Ready to trade');
    expect(card.getByTestId('deal-new').textContent).toBe('New');
    expect(card.getByTestId('deal-partner-fills').textContent).toBe('3 of your 4 sizes from one reseller');
    expect(card.getByTestId('deal-partner').textContent).toBe('Sole Seller');
    expect(card.getByTestId('deal-rating').textContent).toBe('4.5 out of 5 (12 ratings)');
    expect(card.getByRole('group', { name: 'Actions for Nike Dunk Low Panda' })).toBeTruthy();
    // The board asks for the best margin first.
    expect(calls.find((c) => c.path === '/api/deals')?.search).toContain('sort=margin');
  });

  it('a reseller reads stores that want its pairs; a missing price shows dashes and says why; a loss is negative', async () => {
    const { route } = server('reseller', {
      deals: [
        deal({ id: 'd-1', figures: null, partnerFills: null, theirs: { ...deal().theirs, price: null } }),
        deal({
          id: 'd-2',
          isNew: false,
          partnerFills: null,
          figures: { gap: 1500, readyToTrade: false, netMargin: -1500 },
        }),
      ],
    });
    renderApp('/dashboard?page=matching', route, signedIn);
    expect((await screen.findByTestId('deals-title', {}, { timeout: 20_000 })).textContent).toBe(
      'Stores that want what you have',
    );
    const [missing, loss] = await rows();
    expect(within(missing!).getByTestId('deal-their-price').textContent).toBe('—');
    expect(within(missing!).getByTestId('deal-margin').textContent).toBe('—');
    expect(within(missing!).getByTestId('deal-missing-price')).toBeTruthy();
    expect(within(missing!).queryByTestId('deal-partner-fills')).toBeNull();
    expect(within(loss!).getByTestId('deal-margin').textContent).toBe('\u2212€15.00');
    expect(within(loss!).getByTestId('deal-margin').dataset.tone).toBe('negative');
    expect(within(loss!).queryByTestId('deal-ready')).toBeNull();
    expect(within(loss!).queryByTestId('deal-new')).toBeNull();
  });

  it('opening the board marks deals seen and clears the sidebar badge', async () => {
    const { route, calls } = server('store', { deals: [deal()], newDeals: 2 });
    renderApp('/dashboard/offers', route, signedIn);
    const nav = await screen.findByTestId('nav-deals', {}, { timeout: 20_000 });
    const badge = await within(nav).findByTestId('badge-deals');
    expect(badge.textContent).toContain('2');
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard navigation' })).getByRole('link', {
        name: 'Deals, 2 new deals',
      }),
    ).toBe(nav);
    expect(calls.some((c) => c.path === '/api/deals/seen')).toBe(false);

    fireEvent.click(nav);
    await rows();
    await waitFor(() => expect(screen.queryByTestId('badge-deals')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/deals/seen' && c.method === 'POST')).toHaveLength(1);
  });

  it('says how to get deals when there are none, by role', async () => {
    const store = server('store');
    renderApp('/dashboard/deals', store.route, signedIn);
    expect((await screen.findByTestId('deals-empty', {}, { timeout: 20_000 })).textContent).toContain(
      'make your WTB list public',
    );
  });

  it('a reseller with no deals is told to make its WTS list or inventory public', async () => {
    const reseller = server('reseller');
    renderApp('/dashboard/deals', reseller.route, signedIn);
    expect((await screen.findByTestId('deals-empty', {}, { timeout: 20_000 })).textContent).toContain(
      'make your WTS list or inventory public',
    );
  });

  it('a hidden profile explains the empty board and turns "Show my profile in deals" back on', async () => {
    const { route, calls } = server('store', { deals: [], visible: false });
    renderApp('/dashboard/deals', route, signedIn);
    const hidden = await screen.findByTestId('deals-hidden-profile', {}, { timeout: 20_000 });
    expect(hidden.textContent).toContain('Your profile is hidden from deals');
    fireEvent.click(within(hidden).getByRole('button', { name: 'Show my profile in deals' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/profile')?.body).toEqual({
        profileVisibleInDeals: true,
      }),
    );
  });

  it('shows an error with a retry when the board fails to load', async () => {
    const { route } = server('store', { status: 500 });
    renderApp('/dashboard/deals', route, signedIn);
    const error = await screen.findByTestId('deals-error', {}, { timeout: 20_000 });
    expect(error.textContent).toContain('Could not load your deals.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('hides a deal only after confirmation, removing it at once', async () => {
    const { route, calls } = server('store', {
      deals: [
        deal(),
        deal({ id: 'd-2', partner: { ...deal().partner, userId: 'u-3', businessName: 'Other Kicks' } }),
      ],
    });
    renderApp('/dashboard/deals', route, signedIn);
    const [first] = await rows();
    fireEvent.click(within(first!).getByTestId('deal-hide'));
    const dialog = await screen.findByTestId('deal-hide-dialog');
    expect(dialog.textContent).toContain('Hide this deal?');
    // Cancel: nothing sent, the deal stays.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('deal-hide-dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/deals/hidden')).toBe(false);
    expect(await rows()).toHaveLength(2);

    fireEvent.click(within((await rows())[0]!).getByTestId('deal-hide'));
    fireEvent.click(await screen.findByTestId('deal-hide-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('deal-row')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/deals/hidden' && c.method === 'POST')?.body).toEqual({
      kind: 'deal',
      targetId: 'd-1',
      label: 'Nike Dunk Low Panda',
    });
    expect(await screen.findByText('Deal hidden')).toBeTruthy();
  });

  it('a refused hide (demo) puts the deal back', async () => {
    const { route } = server('store', { deals: [deal()], hideStatus: 403 });
    renderApp('/dashboard/deals', route, signedIn);
    const [first] = await rows();
    fireEvent.click(within(first!).getByTestId('deal-hide-partner'));
    expect((await screen.findByTestId('deal-hide-dialog')).textContent).toContain('Hide Sole Seller?');
    fireEvent.click(await screen.findByTestId('deal-hide-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('deal-row')).toHaveLength(1));
    expect(screen.queryByText('Could not hide it')).toBeNull();
  });

  it('Make offer sends the partner an offer on their item, size and price', async () => {
    const { route, calls } = server('store', { deals: [deal()] });
    renderApp('/dashboard/deals', route, signedIn);
    const [first] = await rows();
    fireEvent.click(within(first!).getByTestId('deal-make-offer'));
    const dialog = await screen.findByTestId('deal-offer-dialog');
    expect(within(dialog).getByText('Your offer goes to Sole Seller.')).toBeTruthy();
    expect((within(dialog).getByTestId('deal-offer-price') as HTMLInputElement).value).toBe('100.00');
    fireEvent.change(within(dialog).getByTestId('deal-offer-price'), { target: { value: '95' } });
    fireEvent.click(within(dialog).getByTestId('deal-offer-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/offers')?.body).toEqual({
        listOwnerId: 'u-2',
        listType: 'wtc',
        lines: [{ itemId: 'wts-1', size: 'EU 42.5', offeredPrice: 9500, quantity: 1 }],
        message: null,
      }),
    );
    expect(await screen.findByText('Offer sent')).toBeTruthy();
  });

  it('sorts and filters through the query, and loads the next page on demand', async () => {
    const { route, calls } = server('store', {
      deals: [deal()],
      nextPage: [deal({ id: 'd-2', product: { ...deal().product, name: 'air jordan 4 military blue' } })],
      brands: ['Nike', 'Jordan'],
    });
    renderApp('/dashboard/deals', route, signedIn);
    await rows();
    fireEvent.click(screen.getByTestId('deals-load-more'));
    expect(await screen.findByText('Air Jordan 4 Military Blue')).toBeTruthy();
    expect(screen.getAllByTestId('deal-row')).toHaveLength(2);

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'rating' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), { target: { value: 'Jordan' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Size' }), { target: { value: 'US M 9' } });
    await waitFor(() => {
      const last = new URLSearchParams(calls.filter((c) => c.path === '/api/deals').at(-1)?.search);
      expect([last.get('sort'), last.get('brand'), last.get('size')]).toEqual(['rating', 'Jordan', 'US M 9']);
    });
  });

  it('shows the board in Spanish', async () => {
    await changeLanguage('es');
    const { route } = server('store', { deals: [deal()] });
    renderApp('/dashboard/deals', route, signedIn);
    expect((await screen.findByTestId('deals-title', {}, { timeout: 20_000 })).textContent).toBe(
      'Revendedores que tienen lo que buscas',
    );
    const [row] = await rows();
    expect(within(row!).getByTestId('deal-ready').textContent).toBe('Listo para cerrar');
  });
});
