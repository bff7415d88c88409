import { describe, expect, it } from 'vitest';
import { buildEvent, storefrontBackInStock } from '@sneakers/events';
import { DEMO } from '@sneakers/shared/demo';
import {
  NOTIFY_REQUESTS_PER_EMAIL_HOUR,
  confirmNotify,
  onBackInStock,
  requestNotify,
  unsubscribeNotify,
} from '../../src/notify/domain';
import { diffProducts, productsOf } from '../../src/catalog/domain';
import type { CatalogueData, ProjectedProduct, SourceItem } from '../../src/catalog/ports';
import { notifyMemory } from './notify-memory';

/** Issue 28, notify me: double opt-in, one email per confirmed subscriber on a restock, one-click unsubscribe. */

const chart = (eu: string) => ({ eu });

function world() {
  const m = notifyMemory();
  m.setups.set('store-a', { enabled: true, name: '', closing: false });
  m.names.set('store-a', 'Kicks Madrid');
  m.products.set('store-a|s-dd1391100', {
    name: 'Dunk Low Panda',
    // The catalogue's size run says 42; a pair on the list is stored as US 8.5 (also EU 42).
    sizes: [
      { label: '42', chart: chart('42') },
      { label: '42.5', chart: chart('42.5') },
      { label: 'US 8.5', chart: chart('42') },
      { label: 'BULK', chart: null },
    ],
  });
  return m;
}

const ask = (m: ReturnType<typeof notifyMemory>, over: Partial<Parameters<typeof requestNotify>[3]> = {}) =>
  requestNotify(m.deps, 'store-a', '203.0.113.7', {
    productId: 's-dd1391100',
    size: '42',
    email: 'Visitor@Example.com ',
    locale: 'es',
    ...over,
  });

type EmailData = { kind: string; to: string; actionPath: string; unsubscribePath: string; size: string };
const emails = (m: ReturnType<typeof notifyMemory>) =>
  m.outbox.map((e) => (e.detail as { data: EmailData }).data);
const tokenOf = (path: string) => decodeURIComponent(path.split('token=')[1] ?? '');

const restock = (size: string, eventId = 'bis-1') =>
  buildEvent(
    storefrontBackInStock,
    { storeUserId: 'store-a', productId: 's-dd1391100', size, at: '2026-11-25T11:00:00Z' },
    { eventId, occurredAt: '2026-11-25T11:00:00Z' },
  ).detail;

describe('notify me', () => {
  it('request → confirmation email; confirm → one back-in-stock email, then the subscription ends', async () => {
    const m = world();
    expect(await ask(m)).toEqual({ status: 'pending' });
    const [confirmEmail] = emails(m);
    expect(confirmEmail).toMatchObject({
      kind: 'notify_confirm',
      to: 'visitor@example.com',
      storeName: 'Kicks Madrid',
      productName: 'Dunk Low Panda',
      size: '42',
      locale: 'es',
    });
    expect(confirmEmail?.actionPath).toMatch(/^\/store\/notify\/confirm\?token=/);
    expect(confirmEmail?.unsubscribePath).toMatch(/^\/store\/notify\/unsubscribe\?token=/);
    // Stored hashed: the table never holds a token that works.
    expect([...m.links.keys()].every((h) => h.startsWith('hash:'))).toBe(true);

    // Before confirming, a restock emails nobody.
    expect(await onBackInStock(m.deps, restock('42'))).toBe(0);

    const confirmed = await confirmNotify(m.deps, tokenOf(confirmEmail!.actionPath));
    expect(confirmed).toEqual({
      status: 'confirmed',
      storeId: 'store-a',
      storeName: 'Kicks Madrid',
      productId: 's-dd1391100',
      productName: 'Dunk Low Panda',
      size: '42',
    });
    // A second click answers the same.
    expect(await confirmNotify(m.deps, tokenOf(confirmEmail!.actionPath))).toEqual(confirmed);

    // Another size (42.5 starts with 42) does not count; the pair stored as US 8.5 is EU 42.
    expect(await onBackInStock(m.deps, restock('42.5'))).toBe(0);
    expect(await onBackInStock(m.deps, restock('US 8.5'))).toBe(1);
    const last = emails(m).at(-1);
    expect(last).toMatchObject({
      kind: 'back_in_stock',
      to: 'visitor@example.com',
      size: '42',
      actionPath: '/store/store-a/product/s-dd1391100',
    });
    // Redelivered, or a second restock: nothing more.
    expect(await onBackInStock(m.deps, restock('US 8.5'))).toBe(0);
    expect(await onBackInStock(m.deps, restock('42', 'bis-2'))).toBe(0);
    expect(m.outbox).toHaveLength(2);
    // The ended subscription's confirm link is used up; its unsubscribe links still answer.
    await expect(confirmNotify(m.deps, tokenOf(confirmEmail!.actionPath))).rejects.toMatchObject({
      status: 404,
      code: 'NOTIFY_TOKEN_INVALID',
    });
    expect(await unsubscribeNotify(m.deps, tokenOf(last!.unsubscribePath))).toEqual({
      status: 'unsubscribed',
    });
  });

  it('maps a restock to the subscribers of an out-of-stock size of the catalogue’s run the projection filled', async () => {
    const CAT = 'cat-panda';
    const catalogue: CatalogueData = {
      gender: 'men',
      colorway: 'White/Black',
      imageUrl: null,
      releaseDate: null,
      variants: ['42', '42.5', '43'].map((eu) => ({
        label: `EU ${eu}`,
        size: { brand: 'nike', eu, usM: null, usW: null, uk: null, jpCm: null },
      })),
    };
    const item = (id: string, sizes: string[]): SourceItem => ({
      id,
      listType: 'inventory',
      status: 'available',
      isBulk: false,
      productCatalogId: CAT,
      productVariantId: null,
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      colorway: '',
      imageUrl: null,
      sizes,
      desiredPrice: null,
      askingPrice: 12000,
      purchasePrice: 8000,
      currency: 'EUR',
      createdAt: '2026-10-01T00:00:00.000Z',
    });
    const project = (items: SourceItem[]) =>
      productsOf(
        {
          storeUserId: 'store-a',
          setup: { enabled: true, lists: ['inventory'], virtualProductIds: [] },
          items,
          virtualProducts: [],
          prices: new Map(),
        },
        new Date('2026-11-20T00:00:00Z'),
        new Map([[CAT, catalogue]]),
      );
    // What the notify repository reads of the row: the run first, then the offers.
    const show = (m: ReturnType<typeof notifyMemory>, row: ProjectedProduct) =>
      m.products.set(`store-a|${CAT}`, { name: row.name, sizes: [...row.sizeRun, ...row.offers] });

    const m = world();
    const [before] = project([item('i-1', ['US 9'])]);
    expect(before!.sizeRun.map((s) => [s.label, s.inStock])).toEqual([
      ['US 8.5', false],
      ['US 9', true],
      ['US 9.5', false],
    ]);
    show(m, before!);
    await ask(m, { productId: CAT, size: 'US 9.5' });
    await confirmNotify(m.deps, tokenOf(emails(m)[0]!.actionPath));

    // A pair stored as EU 43 (the run's US 9.5) arrives: the projection announces it, by its own label.
    const [after] = project([item('i-1', ['US 9']), item('i-2', ['EU 43'])]);
    const { backInStock } = diffProducts([before!], [after!]);
    expect(backInStock).toEqual([{ productId: CAT, size: 'EU 43' }]);
    show(m, after!);
    const event = buildEvent(
      storefrontBackInStock,
      { storeUserId: 'store-a', productId: CAT, size: 'EU 43', at: '2026-11-25T11:00:00Z' },
      { eventId: 'bis-43', occurredAt: '2026-11-25T11:00:00Z' },
    ).detail;
    expect(await onBackInStock(m.deps, event)).toBe(1);
    expect(emails(m).at(-1)).toMatchObject({ kind: 'back_in_stock', size: 'US 9.5' });
  });

  it('unsubscribed before the restock: no email; the link stays idempotent', async () => {
    const m = world();
    await ask(m);
    const [first] = emails(m);
    await confirmNotify(m.deps, tokenOf(first!.actionPath));
    const unsubscribe = tokenOf(first!.unsubscribePath);
    expect(await unsubscribeNotify(m.deps, unsubscribe)).toEqual({ status: 'unsubscribed' });
    expect(await unsubscribeNotify(m.deps, unsubscribe)).toEqual({ status: 'unsubscribed' });
    expect(await onBackInStock(m.deps, restock('42'))).toBe(0);
    expect(m.subscriptions.size).toBe(0);
    await expect(unsubscribeNotify(m.deps, 'not-a-token-at-all')).rejects.toMatchObject({
      code: 'NOTIFY_TOKEN_INVALID',
    });
    // A confirm link does not unsubscribe, nor an unsubscribe link confirm.
    await expect(unsubscribeNotify(m.deps, tokenOf(first!.actionPath))).rejects.toMatchObject({
      code: 'NOTIFY_TOKEN_INVALID',
    });
  });

  it('one subscription per address and size: pending is re-sent with new links (only the newest confirms), confirmed sends nothing', async () => {
    const m = world();
    await ask(m);
    await ask(m, { email: 'visitor@example.com', locale: 'en' });
    expect(m.subscriptions.size).toBe(1);
    const [old, fresh] = emails(m);
    expect(fresh).toMatchObject({ kind: 'notify_confirm', locale: 'en' });
    await expect(confirmNotify(m.deps, tokenOf(old!.actionPath))).rejects.toMatchObject({
      code: 'NOTIFY_TOKEN_INVALID',
    });
    await confirmNotify(m.deps, tokenOf(fresh!.actionPath));
    // Known and confirmed: the same answer, and nothing sent.
    expect(await ask(m)).toEqual({ status: 'pending' });
    expect(m.outbox).toHaveLength(2);
    // The same address for another size is its own subscription.
    await ask(m, { size: 'bulk' });
    expect(m.subscriptions.size).toBe(2);
  });

  it('refuses Try Demo, a store that is off, an unknown product or size', async () => {
    const m = world();
    await expect(
      requestNotify(m.deps, DEMO.userId, '1.1.1.1', {
        productId: 's-dd1391100',
        size: '42',
        email: 'a@example.com',
        locale: 'en',
      }),
    ).rejects.toMatchObject({ status: 403, code: 'DEMO_MODE' });
    await expect(ask(m, { productId: 's-unknown' })).rejects.toMatchObject({
      status: 404,
      code: 'PRODUCT_NOT_AVAILABLE',
    });
    await expect(ask(m, { size: '50' })).rejects.toMatchObject({ status: 400, code: 'SIZE_NOT_LISTED' });
    m.setups.set('store-a', { enabled: false, name: '', closing: false });
    await expect(ask(m)).rejects.toMatchObject({ status: 404, code: 'STOREFRONT_NOT_FOUND' });
    // A closing account's store is offline, enabled or not.
    m.setups.set('store-a', { enabled: true, name: '', closing: true });
    await expect(ask(m)).rejects.toMatchObject({ status: 404, code: 'STOREFRONT_NOT_FOUND' });
    expect(m.outbox).toHaveLength(0);
  });

  it('rate-limits per address (and per visitor)', async () => {
    const m = world();
    for (let i = 0; i < NOTIFY_REQUESTS_PER_EMAIL_HOUR; i++) await ask(m);
    await expect(ask(m)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    await ask(m, { email: 'other@example.com' });
    expect([...m.taken.keys()]).toEqual([
      'storefront.notify#visitor#203.0.113.7',
      'storefront.notify#email#visitor@example.com',
      'storefront.notify#email#other@example.com',
    ]);
  });
});
