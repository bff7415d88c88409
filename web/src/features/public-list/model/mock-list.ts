import { compareSizes, type PublicItem, type PublicOwner } from '@sneakers/shared';

/** Merges duplicates by SKU, name and colorway (case-insensitive), uniting their sizes. */
export function mergeDuplicates(items: readonly PublicItem[]): PublicItem[] {
  const merged = new Map<string, PublicItem>();
  for (const item of items) {
    const key = [item.sku, item.name, item.colorway].map((v) => v.trim().toLowerCase()).join('|');
    const existing = merged.get(key);
    if (!existing) {
      merged.set(key, { ...item, sizes: [...new Set(item.sizes)] });
      continue;
    }
    const sizes = [...new Set([...existing.sizes, ...item.sizes])].sort(compareSizes);
    merged.set(key, {
      ...existing,
      sizes,
      urgent: existing.urgent || item.urgent,
      isBulk: existing.isBulk || item.isBulk,
    });
  }
  return [...merged.values()];
}

export const MOCK_OWNER: PublicOwner = {
  userId: 'mock-store',
  businessName: 'Sample Sneaker Store',
  role: 'store',
  location: 'Madrid, Spain',
  avatarUrl: null,
  contactEmail: 'hello@example.com',
  instagramHandle: 'samplesneakers',
};

const base = {
  listType: 'wtb' as const,
  urgent: false,
  isBulk: false,
  imageUrl: null,
  desiredPrice: null,
  currency: 'EUR' as const,
  productCatalogId: null,
  productVariantId: null,
  createdAt: '2024-01-01T00:00:00.000Z',
};

/** The fixed sample list of /mock-shareable-list (before merging). */
export const MOCK_ITEMS_RAW: PublicItem[] = [
  {
    ...base,
    id: 'm1',
    urgent: true,
    sku: 'dd1391-100',
    name: 'nike dunk low retro',
    brand: 'Nike',
    colorway: 'White/Black',
    sizes: ['42', '43'],
    targetPrice: 11000,
  },
  {
    ...base,
    id: 'm2',
    sku: 'DD1391-100',
    name: 'Nike Dunk Low Retro',
    brand: 'Nike',
    colorway: 'White/Black',
    sizes: ['44', '42.5'],
    targetPrice: 11000,
  },
  {
    ...base,
    id: 'm3',
    sku: 'dz5485-612',
    name: 'air jordan 1 retro high og',
    brand: 'Jordan',
    colorway: 'Varsity Red',
    sizes: ['9', '10'],
    targetPrice: 18000,
  },
  {
    ...base,
    id: 'm4',
    sku: 'fv5029-100',
    name: 'jordan 4 retro sb',
    brand: 'Jordan',
    colorway: 'Pine Green',
    sizes: ['BULK'],
    isBulk: true,
    targetPrice: 23000,
  },
  {
    ...base,
    id: 'm5',
    sku: 'gy7386',
    name: 'yeezy boost 350 v2',
    brand: 'adidas',
    colorway: 'Onyx',
    sizes: ['M', 'L'],
    targetPrice: 20000,
  },
  {
    ...base,
    id: 'm6',
    sku: 'cw2288-111',
    name: 'air force 1 07',
    brand: 'Nike',
    colorway: 'White',
    sizes: ['40', '41', '45', '46'],
    targetPrice: 9000,
  },
  {
    ...base,
    id: 'm7',
    sku: 'dz5485-612',
    name: 'Air Jordan 1 Retro High OG',
    brand: 'Jordan',
    colorway: 'Varsity Red',
    sizes: ['9.5', '10'],
    targetPrice: 18000,
  },
  {
    ...base,
    id: 'm8',
    sku: 'u9060grb',
    name: 'new balance 9060',
    brand: '',
    colorway: 'Grey',
    sizes: ['43'],
    targetPrice: 14000,
  },
];
