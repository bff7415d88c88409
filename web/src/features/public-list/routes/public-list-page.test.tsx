import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../test/setup';
import type { PublicItem, PublicOwner } from '@sneakers/shared';
import { renderApp } from '../../../test/render-app';
import { MOCK_ITEMS_RAW, MOCK_OWNER } from '../model/mock-list';

const owner: PublicOwner = { ...MOCK_OWNER, userId: 'u-1' };
const items: PublicItem[] = [
  { ...MOCK_ITEMS_RAW[0]!, id: 'a', sizes: ['42', '43'] },
  { ...MOCK_ITEMS_RAW[4]!, id: 'b', sizes: ['M'] },
];

function listRoute(url: URL) {
  if (url.pathname === '/api/public-lists/u-1/wtb')
    return Response.json({ owner, listType: 'wtb', items, cursor: null });
  if (url.pathname === '/api/public-lists/u-1/wtb/facets')
    return Response.json({ sizes: ['42', '43', 'M'], brands: ['Nike', 'adidas'], total: 2 });
  return undefined;
}

describe('public list page', () => {
  it('shows the header, cards and filters', async () => {
    renderApp('/share/u-1/wtb', listRoute);
    expect((await screen.findAllByTestId('public-item-card', {}, { timeout: 20_000 })).length).toBe(2);
    expect(screen.getByText('Sample Sneaker Store')).toBeTruthy();
    expect(screen.getByTestId('contact-button').getAttribute('href')).toBe('mailto:hello@example.com');
    expect(screen.getByTestId('instagram-button')).toBeTruthy();
    expect(screen.getByText('Nike Dunk Low Retro')).toBeTruthy();
    expect(screen.getByText('DD1391-100')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('size-filter').textContent).toContain('M'));
    const options = [...screen.getByTestId('size-filter').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['', 'M', '42', '43']);
    fireEvent.change(screen.getByTestId('size-filter'), { target: { value: 'M' } });
    expect(screen.getAllByTestId('public-item-card')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('public-search'), { target: { value: 'zzz' } });
    expect(screen.getByTestId('no-items').textContent).toBe('No items found matching your filters');
    fireEvent.click(screen.getByTestId('clear-filters'));
    expect(screen.getAllByTestId('public-item-card')).toHaveLength(2);
  });

  it('shows the private and not-found messages', async () => {
    renderApp('/share/u-2/wtc', () =>
      Response.json({ error: { code: 'LIST_PRIVATE', message: 'private' } }, { status: 403 }),
    );
    expect((await screen.findByTestId('list-private')).textContent).toContain('This WTC list is private');
  });

  it('shows profile not found for an unknown owner', async () => {
    renderApp('/share/nobody/wtb', () =>
      Response.json({ error: { code: 'PROFILE_NOT_FOUND', message: 'nope' } }, { status: 404 }),
    );
    expect((await screen.findByTestId('profile-not-found')).textContent).toContain('Profile not found');
  });

  it('sends an anonymous offer once per opening: retries reuse the idempotency key', async () => {
    const keys: string[] = [];
    let fail = true;
    renderApp('/share/u-1/wtb', (url, init) => {
      if (url.pathname === '/api/anonymous-offers' && init?.method === 'POST') {
        keys.push(new Headers(init.headers).get('idempotency-key') ?? '');
        const body = JSON.parse(String(init.body)) as {
          lines: unknown[];
          message: string | null;
          language: string;
        };
        expect(body.lines).toEqual([
          { itemId: 'a', size: '42', offeredPrice: 10050, quantity: 2, notes: null },
        ]);
        expect(body.message).toBe('Friday works');
        // The answer emails go out in the language the visitor used.
        expect(body.language).toBe('en');
        if (fail) {
          fail = false;
          return Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });
        }
        return Response.json({
          offer: {
            id: 'o1',
            storeUserId: 'u-1',
            listType: 'wtb',
            language: 'en',
            currency: 'EUR',
            contactName: 'Ana',
            contactEmail: 'ana@example.com',
            contactPhone: '600',
            instagram: null,
            discord: 'ana',
            message: 'Friday works',
            totalItems: 2,
            status: 'pending',
            lines: [],
            counterPrice: null,
            counterMessage: null,
            expiresAt: '2024-01-06T00:00:00Z',
            createdAt: '2024-01-01T00:00:00Z',
            updatedAt: '2024-01-01T00:00:00Z',
          },
          statusToken: 'status-token',
        });
      }
      return listRoute(url);
    });
    const chips = await screen.findAllByTestId('size-chip');
    fireEvent.click(chips[0]!);
    fireEvent.click(screen.getByTestId('make-offer'));
    expect(screen.getByTestId('make-offer').textContent).toContain('Make offer (1)');
    // Forward dots are blocked until the step is valid.
    expect((await screen.findByTestId('offer-step-2')).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('offer-next'));
    expect((screen.getByTestId('offer-step-2') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('offer-contact-name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByTestId('offer-contact-email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByTestId('offer-contact-phone'), { target: { value: '600' } });
    fireEvent.change(screen.getByTestId('offer-contact-discord'), { target: { value: 'ana' } });
    fireEvent.click(screen.getByTestId('offer-next'));
    expect((screen.getByTestId('offer-quantity-0') as HTMLInputElement).value).toBe('1');
    fireEvent.change(screen.getByTestId('offer-price-0'), { target: { value: '100.50' } });
    fireEvent.change(screen.getByTestId('offer-quantity-0'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('offer-message'), { target: { value: 'Friday works' } });
    fireEvent.click(screen.getByTestId('offer-next'));
    // The summary adds the lines up and repeats the message before anything is sent.
    expect(screen.getByTestId('offer-summary-total').textContent).toMatch(/201[.,]00/);
    expect(screen.getByTestId('offer-summary-message').textContent).toBe('Friday works');
    fireEvent.click(screen.getByTestId('offer-submit'));
    expect(await screen.findByText('Could not send the offer')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId('offer-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('offer-submit'));
    expect(await screen.findByTestId('offer-success')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    const invite = screen.getByTestId('create-account-invite').querySelector('a')!;
    expect(invite.getAttribute('href')).toContain(
      '/onboarding?userType=reseller&email=ana%40example.com&name=Ana',
    );
  });

  it("steps back inside the offer modal on the browser's Back, then closes it keeping the draft", async () => {
    renderApp('/share/u-1/wtb', listRoute);
    fireEvent.click((await screen.findAllByTestId('size-chip'))[0]!);
    fireEvent.click(screen.getByTestId('make-offer'));
    fireEvent.click(await screen.findByTestId('offer-next'));
    fireEvent.change(screen.getByTestId('offer-contact-name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByTestId('offer-contact-email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByTestId('offer-contact-phone'), { target: { value: '600' } });
    fireEvent.change(screen.getByTestId('offer-contact-discord'), { target: { value: 'ana' } });
    fireEvent.click(screen.getByTestId('offer-next'));
    fireEvent.change(screen.getByTestId('offer-price-0'), { target: { value: '120' } });

    window.history.back();
    await waitFor(() =>
      expect(screen.getByTestId('offer-step-status').textContent).toBe('Step 2 of 4: Contact'),
    );
    expect((screen.getByTestId('offer-contact-name') as HTMLInputElement).value).toBe('Ana');
    window.history.back();
    await waitFor(() => expect(screen.getByTestId('offer-step-1').getAttribute('aria-current')).toBeNull());
    expect(screen.getByTestId('offer-step-0').getAttribute('aria-current')).toBe('step');
    window.history.back();
    await waitFor(() => expect(screen.queryByTestId('offer-modal')).toBeNull());
    expect(screen.getAllByTestId('public-item-card')).toHaveLength(2);

    // Forward reopens it, with everything typed still there.
    window.history.forward();
    expect(await screen.findByTestId('offer-modal')).toBeTruthy();
    fireEvent.click(screen.getByTestId('offer-step-1'));
    expect((screen.getByTestId('offer-contact-email') as HTMLInputElement).value).toBe('ana@example.com');
    fireEvent.click(screen.getByTestId('offer-next'));
    expect((screen.getByTestId('offer-price-0') as HTMLInputElement).value).toBe('120');
  }, 20_000);

  it('names each size chip after its shoe and says how to start an offer until one is picked', async () => {
    renderApp('/share/u-1/wtb', listRoute);
    await screen.findAllByTestId('public-item-card', {}, { timeout: 20_000 });
    const makeOffer = screen.getByTestId('make-offer') as HTMLButtonElement;
    expect(makeOffer.disabled).toBe(true);
    expect(makeOffer.textContent).toBe('Tap a size to start an offer');
    expect(makeOffer.textContent).not.toContain('(0)');

    const chip = screen.getByRole('button', { name: 'Nike Dunk Low Retro, size EU 43' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(chip.textContent).toBe('EU 43');
    fireEvent.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(makeOffer.disabled).toBe(false);
    expect(makeOffer.textContent).toBe('Make offer (1)');
    fireEvent.click(chip);
    expect(makeOffer.disabled).toBe(true);
  });

  it('hides the make-offer and Message buttons from the owner', async () => {
    renderApp('/share/u-1/wtb', listRoute, { status: 'signed-in', userId: 'u-1', email: 'o@x.co' });
    await screen.findAllByTestId('public-item-card');
    expect(screen.queryByTestId('make-offer')).toBeNull();
    expect(screen.queryByTestId('message-owner')).toBeNull();
    expect(screen.queryByTestId('item-message')).toBeNull();
  });

  it("shows the owner's rating in the header once the cards are there, its line reserved before", async () => {
    let answer: (() => void) | undefined;
    const rated = new Promise<void>((resolve) => (answer = resolve));
    renderApp('/share/u-1/wtb', async (url) => {
      if (url.pathname === '/api/user-ratings/u-1') {
        await rated;
        return Response.json({ summary: { average: 4.5, count: 12 } });
      }
      return listRoute(url) ?? Response.json({}, { status: 404 });
    });
    await screen.findAllByTestId('public-item-card', {}, { timeout: 20_000 });
    const line = screen.getByTestId('public-list-rating');
    expect(line.dataset.state).toBe('loading');
    expect(line.textContent).toBe('');
    answer?.();
    await waitFor(() => expect(line.dataset.state).toBe('rated'));
    expect(line.textContent).toContain('4.5');
    expect(line.textContent).toContain('(12 ratings)');
    expect(line.textContent).toContain('Rated 4.5 out of 5 from 12 ratings');
  });

  it('says when the owner has no ratings yet', async () => {
    renderApp('/share/u-1/wtb', (url) =>
      url.pathname === '/api/user-ratings/u-1'
        ? Response.json({ summary: { average: null, count: 0 } })
        : listRoute(url),
    );
    await waitFor(() => expect(screen.getByTestId('public-list-rating').textContent).toBe('No ratings yet'), {
      timeout: 20_000,
    });
  });

  it('sends a visitor to sign in and back to this list from a Message button', async () => {
    const { router } = renderApp('/share/u-1/wtb', listRoute);
    fireEvent.click((await screen.findAllByTestId('item-message', {}, { timeout: 20_000 }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/share/u-1/wtb');
  });

  it('opens the conversation with the owner about an item, or in general from the header', async () => {
    const bodies: unknown[] = [];
    const { router } = renderApp(
      '/share/u-1/wtb',
      (url, init) => {
        if (url.pathname === '/api/conversations' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return Response.json({
            conversation: {
              id: `c-${bodies.length}`,
              storeUserId: 'u-1',
              resellerUserId: 'u-2',
              partner: {
                userId: 'u-1',
                businessName: owner.businessName,
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
          });
        }
        return listRoute(url);
      },
      { status: 'signed-in', userId: 'u-2', email: 'r@x.co' },
    );
    const card = (await screen.findAllByTestId('public-item-card', {}, { timeout: 20_000 }))[1]!;
    const button = card.querySelector<HTMLButtonElement>('[data-testid="item-message"]')!;
    expect(button.getAttribute('aria-label')).toBe('Message the owner about Yeezy Boost 350 V2');
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages'));
    expect(router.state.location.search).toBe('?conversation=c-1');
    expect(bodies).toEqual([
      { partnerUserId: 'u-1', relatedItem: { ownerUserId: 'u-1', listType: 'wtb', itemId: 'b' } },
    ]);

    await router.navigate('/share/u-1/wtb');
    fireEvent.click(await screen.findByTestId('message-owner', {}, { timeout: 20_000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?conversation=c-2'));
    expect(bodies[1]).toEqual({ partnerUserId: 'u-1', relatedItem: null });
  });

  it('renders the mock list with merged duplicates', async () => {
    renderApp('/mock-shareable-list');
    expect((await screen.findAllByTestId('public-item-card')).length).toBe(MOCK_ITEMS_RAW.length - 2);
  });
});
