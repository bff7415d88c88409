import type { ItemCreate } from '@sneakers/shared/contracts/lists';
import { DEMO } from '@sneakers/shared/demo';
import { ulid } from '@sneakers/shared/ids';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { itemStore, newItem } from '../../../services/lists/src/published';
import { catalogImageUrl, variantForSize, variantSizeLabel, type DemoCatalogLinks } from './catalog';

/**
 * The demo store's items (docs/product/demo-mode.md#demo-data); prices in EUR cents. Each is a
 * product of the demo catalogue: `linkToCatalog` fills in its catalogue id, names and image.
 */

const wtb = (item: Omit<ItemCreate, 'listType'>): ItemCreate => ({
  listType: 'wtb',
  status: 'pending',
  visibility: 'public',
  currency: 'EUR',
  ...item,
});

export const DEMO_ITEMS: ItemCreate[] = [
  wtb({
    sku: 'DZ5485-612',
    name: 'Air Jordan 1 Retro High OG Chicago Lost & Found',
    brand: 'Jordan',
    colorway: 'Varsity Red/Black/Sail',
    sizes: ['42', '42.5', '43'],
    targetPrice: 19000,
    urgent: true,
  }),
  wtb({
    sku: 'DD1391-100',
    name: 'Nike Dunk Low Retro Panda',
    brand: 'Nike',
    colorway: 'White/Black',
    sizes: ['BULK'],
    targetPrice: 9000,
    urgent: true,
  }),
  wtb({
    sku: 'FD0774-101',
    name: 'Air Jordan 4 Retro Military Blue',
    brand: 'Jordan',
    colorway: 'Off-White/Military Blue',
    sizes: ['44', '45'],
    targetPrice: 21000,
  }),
  wtb({
    sku: 'IE0421',
    name: 'Adidas Samba OG Cloud White',
    brand: 'Adidas',
    colorway: 'Cloud White/Core Black/Clear Granite',
    sizes: ['40', '41', '42'],
    targetPrice: 8500,
  }),
  wtb({
    sku: 'U9060GRY',
    name: 'New Balance 9060 Rain Cloud',
    brand: 'New Balance',
    colorway: 'Grey',
    sizes: ['43', '44'],
    targetPrice: 13000,
  }),
  wtb({
    sku: 'CW2288-111',
    name: 'Nike Air Force 1 07 White',
    brand: 'Nike',
    colorway: 'White/White',
    sizes: ['BULK'],
    targetPrice: 7500,
  }),
  wtb({
    sku: 'DV0833-105',
    name: 'Air Jordan 3 Retro White Cement Reimagined',
    brand: 'Jordan',
    colorway: 'Summit White/Fire Red/Black',
    sizes: ['41', '42'],
    targetPrice: 17000,
    urgent: true,
  }),
  wtb({
    sku: 'ID2350',
    name: 'Adidas Gazelle Indoor Blue Fusion',
    brand: 'Adidas',
    colorway: 'Blue Fusion/Gum',
    sizes: ['38', '39'],
    targetPrice: 9500,
  }),
  wtb({
    sku: 'M2002RDA',
    name: 'New Balance 2002R Protection Pack Rain Cloud',
    brand: 'New Balance',
    colorway: 'Grey',
    sizes: ['42.5'],
    targetPrice: 14000,
  }),
  wtb({
    sku: 'DQ8426-067',
    name: 'Nike Air Max 1 Patta Waves Black',
    brand: 'Nike',
    colorway: 'Black/Metallic Silver',
    sizes: ['43'],
    targetPrice: 23000,
  }),
  wtb({
    sku: 'FB9922-101',
    name: 'Nike SB Dunk Low Jarritos',
    brand: 'Nike',
    colorway: 'Phantom/Safety Orange',
    sizes: ['US 9', 'US 10'],
    targetPrice: 26000,
  }),
  wtb({
    sku: 'HQ6998-600',
    name: 'Air Jordan 1 Low OG Mocha',
    brand: 'Jordan',
    colorway: 'Sail/Dark Mocha/Black',
    sizes: ['BULK', '44'],
    targetPrice: 16000,
  }),
  {
    listType: 'wts',
    sku: 'DH6927-111',
    name: 'Air Jordan 4 Retro Military Black',
    brand: 'Jordan',
    colorway: 'White/Black/Neutral Grey',
    sizes: ['42'],
    desiredPrice: 24000,
  },
  {
    listType: 'wts',
    sku: 'GW2871',
    name: 'Adidas Yeezy Boost 350 V2 Bone',
    brand: 'Adidas',
    colorway: 'Bone',
    sizes: ['44.5'],
    desiredPrice: 22000,
  },
  {
    listType: 'wts',
    sku: 'BB550WT1',
    name: 'New Balance 550 White Green',
    brand: 'New Balance',
    colorway: 'White/Green',
    sizes: ['41', '43'],
    desiredPrice: 11000,
  },
  {
    listType: 'wts',
    sku: 'DV5456-106',
    name: 'Nike Dunk Low Next Nature',
    brand: 'Nike',
    colorway: 'White/Mint',
    sizes: ['38'],
    desiredPrice: 10500,
  },
  {
    listType: 'wtc',
    sku: 'CT8012-170',
    name: 'Air Jordan 11 Retro Cherry',
    brand: 'Jordan',
    colorway: 'White/Varsity Red/Black',
    sizes: ['43'],
    desiredPrice: 20000,
  },
  {
    listType: 'wtc',
    sku: 'FZ5808-100',
    name: 'Nike Air Max 90 Lunar New Year',
    brand: 'Nike',
    colorway: 'Sail/Multi',
    sizes: ['42'],
    desiredPrice: 15000,
  },
  {
    listType: 'wtc',
    sku: 'HP9426',
    name: 'Adidas Campus 00s Core Black',
    brand: 'Adidas',
    colorway: 'Core Black/White',
    sizes: ['40'],
    desiredPrice: 9000,
  },
  {
    listType: 'inventory',
    sku: 'DZ5485-612',
    name: 'Air Jordan 1 Retro High OG Chicago Lost & Found',
    brand: 'Jordan',
    colorway: 'Varsity Red/Black/Sail',
    sizes: ['43'],
    purchasePrice: 18000,
    askingPrice: 26000,
    purchaseDate: '2026-10-02',
    source: 'Retail',
  },
  {
    listType: 'inventory',
    sku: 'U9060GRY',
    name: 'New Balance 9060 Rain Cloud',
    brand: 'New Balance',
    colorway: 'Grey',
    sizes: ['44'],
    purchasePrice: 12000,
    askingPrice: 17500,
    purchaseDate: '2026-10-15',
    source: 'Consignor',
    notes: 'Box slightly damaged',
  },
  {
    listType: 'inventory',
    sku: 'IE0421',
    name: 'Adidas Samba OG Cloud White',
    brand: 'Adidas',
    colorway: 'Cloud White/Core Black',
    sizes: ['42'],
    purchasePrice: 8000,
    askingPrice: 11000,
    purchaseDate: '2026-11-01',
    source: 'Outlet',
  },
];

/** Fixed ids (a ULID from a fixed time and index), so re-seeding finds them and writes nothing. */
const SEED_EPOCH = Date.parse('2026-11-01T09:00:00Z');

/** The id the seed gives `DEMO_ITEMS[index]` (other seed steps point at these items). */
export function demoItemId(index: number): string {
  return ulid(SEED_EPOCH + index * 3_600_000, new Uint8Array(10).fill(index));
}

/**
 * The item as picked from the catalogue: its product's id, names and image; a single-size
 * item also its variant and that variant's size as the catalogue writes it (`EU 42.5`).
 * Items with several sizes keep them as the store wrote them (offers name those sizes).
 */
export function linkToCatalog(item: ItemCreate, links: DemoCatalogLinks | undefined): ItemCreate {
  const link = links?.get(styleCodeKey(item.sku));
  if (!link) return { ...item, imageUrl: catalogImageUrl(item.sku) };
  const [only] = item.sizes;
  const variant = item.sizes.length === 1 && only ? variantForSize(link, only) : undefined;
  return {
    ...item,
    productCatalogId: link.productCatalogId,
    productVariantId: variant?.id ?? null,
    sku: link.sku,
    name: link.name,
    brand: link.brand,
    colorway: link.colorway,
    imageUrl: link.imageUrl,
    sizes: variant ? [variantSizeLabel(variant)] : item.sizes,
  };
}

export async function seedDemoItems(links?: DemoCatalogLinks): Promise<number> {
  const store = itemStore();
  let created = 0;
  await Promise.all(
    DEMO_ITEMS.map((item) => linkToCatalog(item, links)).map(async (input, i) => {
      const at = SEED_EPOCH + i * 3_600_000;
      const id = demoItemId(i);
      if (await store.createIfAbsent(newItem(DEMO.userId, input, id, new Date(at)))) created++;
    }),
  );
  return created;
}
