import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import '../../../test/setup';
import { renderApp } from '../../../test/render-app';
import { apiError, checkout } from '../../../test/storefront-fixtures';

const checkoutPath = '/api/store/st-1/checkout/co-1';

describe('the checkout return page', () => {
  it('waits for the payment, then confirms it with the order link once commerce made the order', async () => {
    const answers = [
      checkout(),
      checkout({ status: 'paid' }),
      checkout({ status: 'paid', orderShareId: 'sh-9' }),
    ];
    let reads = 0;
    renderApp('/store/st-1/checkout/co-1', (url, init) => {
      if (url.pathname !== checkoutPath || init?.method !== 'GET') return undefined;
      const answer = answers[Math.min(reads, answers.length - 1)]!;
      reads += 1;
      return Response.json({ checkout: answer });
    });
    expect(await screen.findByText('Confirming your payment...')).toBeTruthy();
    expect(await screen.findByText('Thank you for your order', {}, { timeout: 20_000 })).toBeTruthy();
    expect(
      screen.getByText('Nike Dunk Low Panda, size US 9: €125.00 paid. A confirmation email is on its way.'),
    ).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'See your order' }, { timeout: 20_000 });
    expect(link.getAttribute('href')).toBe('/orders/sh-9');
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(settled);
  }, 20_000);

  it('cancels the checkout when the buyer came back without paying: the size is free again', async () => {
    const posts: string[] = [];
    renderApp('/store/st-1/checkout/co-1?cancelled=1', (url, init) => {
      if (url.pathname === `${checkoutPath}/cancel` && init?.method === 'POST') {
        posts.push(url.pathname);
        return Response.json({ checkout: checkout({ status: 'cancelled' }) });
      }
      return undefined;
    });
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    expect(screen.getByText('You were not charged, and the size is free again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the product' }).getAttribute('href')).toBe(
      '/store/st-1/product/p-dunk',
    );
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('says so for an unknown checkout', async () => {
    renderApp('/store/st-1/checkout/co-1', () => apiError(404, 'CHECKOUT_NOT_FOUND'));
    expect(await screen.findByText('We could not find this checkout.')).toBeTruthy();
  });
});

describe('the notify-me links', () => {
  it('confirms the subscription', async () => {
    const bodies: unknown[] = [];
    renderApp('/store/notify/confirm?token=tok-1234567890', (url, init) => {
      if (url.pathname !== '/api/storefront/notify/confirm') return undefined;
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json({
        status: 'confirmed',
        storeId: 'st-1',
        storeName: 'Kicks Corner',
        productId: 'p-dunk',
        productName: 'Nike Dunk Low Panda',
        size: 'US 9',
      });
    });
    expect(
      await screen.findByText(
        'Done: we will email you once when Nike Dunk Low Panda in size US 9 is back in stock at Kicks Corner.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the product' }).getAttribute('href')).toBe(
      '/store/st-1/product/p-dunk',
    );
    expect(bodies).toEqual([{ token: 'tok-1234567890' }]);
  });

  it('says a used confirm link is no longer valid', async () => {
    renderApp('/store/notify/confirm?token=tok-1234567890', () => apiError(404, 'NOTIFY_TOKEN_INVALID'));
    expect(await screen.findByText('This link is no longer valid.')).toBeTruthy();
  });

  it('unsubscribes in one click', async () => {
    renderApp('/store/notify/unsubscribe?token=tok-1234567890', (url) =>
      url.pathname === '/api/storefront/notify/unsubscribe'
        ? Response.json({ status: 'unsubscribed' })
        : undefined,
    );
    expect(
      await screen.findByText('You are unsubscribed: we will not email you about this size.'),
    ).toBeTruthy();
  });
});
