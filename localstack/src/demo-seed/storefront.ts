import { getStorefrontSetup, updateStorefrontSetup } from '@sneakers/shared/contracts/storefront';
import { listVirtualProducts } from '@sneakers/shared/contracts/virtual-products';
import { DEMO_OWNER, hasRoute, invoke } from './invoke';

/** The demo storefront shows this many of the demo store's virtual products. */
const VIRTUAL_PRODUCTS_SHOWN = 2;

/**
 * Try Demo's storefront (docs/product/online-store.md): the demo store's storefront on, with
 * its inventory (the sample pairs have asking prices) and two of its virtual products, written
 * through the section's routes (see README.md in this folder). The projection then fills
 * `/store/demo-store` from the table's stream. Skipped once the set-up was saved; after
 * commerce (its virtual products).
 */
export async function seedDemoStorefront(): Promise<boolean> {
  // The section's routes belong to the storefront function; without them there is nothing to write through.
  if (!hasRoute(updateStorefrontSetup)) return false;
  const { setup } = await invoke(getStorefrontSetup, DEMO_OWNER);
  if (setup.updatedAt !== null) return false;
  const { virtualProducts } = await invoke(listVirtualProducts, DEMO_OWNER, { query: { limit: 20 } });
  await invoke(updateStorefrontSetup, DEMO_OWNER, {
    body: {
      enabled: true,
      name: '',
      logoUrl: null,
      bannerUrl: null,
      description: 'Deadstock sneakers from Madrid, checked by hand. Shipping in 24 h across Spain.',
      contact: 'hello@demo-store.example',
      returnsText:
        'Returns within 14 days of delivery, unworn and in the original box. We refund the price; return shipping is yours.',
      lists: ['inventory'],
      virtualProductIds: virtualProducts
        .filter((p) => p.active)
        .slice(0, VIRTUAL_PRODUCTS_SHOWN)
        .map((p) => p.id),
    },
  });
  return true;
}
