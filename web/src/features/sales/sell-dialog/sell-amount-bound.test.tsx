import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import '../../../test/setup';
import type { Item } from '@sneakers/shared';
import { changeLanguage } from '../../../i18n';
import { renderApp, type Route } from '../../../test/render-app';
import { signedIn, testProfile } from '../tests/test-support';
import { boundedCents, validateSellDraft, emptySellDraft } from './model';

// The published amount bound on the sell dialog (docs/product/constants.md#amounts): the issue's
// 99999999999999 is refused in words before sending, and previews no profit.

const item: Item = {
  id: 'it-1',
  userId: 'u-1',
  listType: 'inventory',
  status: 'available',
  visibility: 'private',
  urgent: false,
  isBulk: false,
  productCatalogId: null,
  productVariantId: null,
  bookingId: null,
  sku: 'DD1391-100',
  name: 'Nike Dunk Low Panda',
  brand: 'Nike',
  colorway: 'Panda',
  imageUrl: null,
  sizes: ['42'],
  targetPrice: null,
  desiredPrice: null,
  askingPrice: 15000,
  currency: 'EUR',
  source: null,
  purchasePrice: 16000,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function api(sale: () => Response) {
  const calls: unknown[] = [];
  const route: Route = (url, init) => {
    if (url.pathname === '/api/profile') return Response.json({ profile: testProfile });
    if (url.pathname === '/api/items/it-1') return Response.json({ item });
    if (url.pathname === '/api/clients') return Response.json({ clients: [], cursor: null });
    if (url.pathname === '/api/sales' && init?.method === 'POST') {
      calls.push(JSON.parse(String(init.body)));
      return sale();
    }
    return undefined;
  };
  return { route, calls };
}

async function openSell() {
  fireEvent.click(await screen.findByTestId('item-sell', {}, { timeout: 15_000 }));
  const dialog = await screen.findByTestId('sell-dialog');
  fireEvent.click(within(dialog).getByTestId('sell-buyer-name'));
  fireEvent.change(within(dialog).getByTestId('sell-buyerName'), { target: { value: 'Ana' } });
  return dialog;
}

const errorOf = (dialog: HTMLElement, field: string) => {
  const input = within(dialog).getByTestId(`sell-${field}`);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Sell dialog amount bound', { timeout: 30_000 }, () => {
  it('checks the bound before sending', () => {
    const target = {
      source: 'inventory' as const,
      itemId: 'it-1',
      name: 'x',
      sizes: ['42'],
      price: null,
      cost: 16000,
      currency: 'EUR' as const,
    };
    const draft = { ...emptySellDraft(target, new Date()), buyer: 'name' as const, buyerName: 'Ana' };
    expect(validateSellDraft(target, { ...draft, salePrice: '99999999999999' }).errors).toEqual({
      salePrice: 'fieldIssue.AMOUNT_TOO_LARGE',
    });
    expect(validateSellDraft(target, { ...draft, salePrice: '1000000' }).body?.salePrice).toBe(100_000_000);
    expect(validateSellDraft(target, { ...draft, salePrice: '1000000.01' }).errors?.salePrice).toBe(
      'fieldIssue.AMOUNT_TOO_LARGE',
    );
    expect(boundedCents('99999999999999')).toBeUndefined();
    expect(boundedCents('')).toBeUndefined();
    expect(boundedCents('', true)).toBe(0);
  });

  it('refuses 99999999999999 in words, in English and in Spanish, and previews no profit', async () => {
    const { route, calls } = api(() => Response.json({}, { status: 500 }));
    renderApp('/dashboard/inventory-item/it-1', route, signedIn);
    const dialog = await openSell();
    fireEvent.change(within(dialog).getByTestId('sell-salePrice'), { target: { value: '99999999999999' } });
    expect(within(dialog).queryByTestId('sell-profit-preview')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    expect(errorOf(dialog, 'salePrice')).toBe('Enter an amount of 1,000,000.00 or less.');
    expect(calls).toEqual([]);

    await changeLanguage('es');
    expect(errorOf(dialog, 'salePrice')).toBe('Introduce un importe de 1.000.000,00 o menos.');
    fireEvent.change(within(dialog).getByTestId('sell-salePrice'), { target: { value: '170' } });
    expect(within(dialog).getByTestId('sell-profit-preview').textContent).toContain('10,00');
  });

  it("shows the API's refusal of a field as its code's text, never zod's words", async () => {
    const { route, calls } = api(() =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            fields: { fees: ['Too big: expected int to be <=9007199254740991'] },
            issues: { fees: [{ code: 'AMOUNT_TOO_LARGE', limit: 100_000_000 }] },
          },
        },
        { status: 400 },
      ),
    );
    await changeLanguage('es');
    renderApp('/dashboard/inventory-item/it-1', route, signedIn);
    const dialog = await openSell();
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    await screen.findByText('Introduce un importe de 1.000.000,00 o menos.');
    expect(errorOf(dialog, 'fees')).toBe('Introduce un importe de 1.000.000,00 o menos.');
    expect(calls).toHaveLength(1);
  });
});
