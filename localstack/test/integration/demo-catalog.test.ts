import { beforeAll, describe, expect, it } from 'vitest';
import { getProduct, searchProducts } from '@sneakers/shared/contracts/catalog';
import { listBookings } from '@sneakers/shared/contracts/crm';
import type { Health } from '@sneakers/shared/contracts/health';
import { listMyItems } from '@sneakers/shared/contracts/lists';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { api, raw } from '../../../tests/support/cloud-client';

/**
 * The demo catalogue (issue 13): 500 products with variants and generated images in the
 * media bucket, and the demo's sample items and bookings pointing at them; plus the local
 * cloud's marketplace emulator and Secrets Manager in the health list.
 */
describe('demo catalogue and the local marketplace', () => {
  let demo: ReturnType<typeof api>;
  beforeAll(async () => {
    demo = api((await api().call(startDemoSession, {})).accessToken);
  });

  it('lists the marketplace emulator and the Secrets Manager as up', async () => {
    const health = (await (await raw('/api/health')).json()) as Health;
    for (const name of ['marketplace', 'secrets'])
      expect(health.services.find((s) => s.name === name)?.status, name).toBe('up');
  });

  it('holds at least 500 products, the demo items among them', async () => {
    const all = await demo.call(searchProducts, { query: {} });
    expect(all.total).toBeGreaterThanOrEqual(500);
    const panda = await demo.call(searchProducts, { query: { q: 'DD1391 100' } });
    expect(panda.products[0]).toMatchObject({ sku: 'DD1391-100', brand: 'Nike' });
  });

  it('links every sample item to a catalogue product whose image loads from the media bucket', async () => {
    const items = (
      await Promise.all(
        (['inventory', 'wtb', 'wts', 'wtc'] as const).map((listType) =>
          demo.call(listMyItems, { query: { listType } }),
        ),
      )
    ).flatMap((page) => page.items);
    expect(items.length).toBeGreaterThanOrEqual(20);
    for (const item of items) {
      expect(item.productCatalogId, item.sku).toBeTruthy();
      expect(item.imageUrl, item.sku).toMatch(/\/catalog\/[A-Z0-9]+\.svg$/);
    }
    const single = items.find((i) => i.listType === 'inventory' && i.productVariantId);
    if (!single?.productCatalogId) throw new Error('no inventory item with a catalogue variant');
    const { product, variants } = await demo.call(getProduct, {
      params: { productId: single.productCatalogId },
    });
    expect(product.sku).toBe(single.sku);
    const variant = variants.find((v) => v.id === single.productVariantId);
    expect(single.sizes).toEqual([`EU ${variant?.size.eu}`]);

    const image = await fetch(single.imageUrl ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toMatch(/^<svg /);
  });

  it('gives each booking the catalogue product, variant and size', async () => {
    const { bookings } = await demo.call(listBookings, { query: {} });
    expect(bookings.length).toBeGreaterThan(0);
    for (const booking of bookings) {
      expect(booking.productVariantId, booking.itemSku).toBeTruthy();
      expect(booking.itemImageUrl).toMatch(/\/catalog\/[A-Z0-9]+\.svg$/);
      expect(booking.size).toMatch(/^EU \d/);
    }
  });
});
