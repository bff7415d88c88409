import type {
  Checkout,
  StorefrontCard,
  StorefrontHeader,
  StorefrontProduct,
  StorefrontSize,
} from '@sneakers/shared/contracts/storefront';

export const chartSize = (eu: string, usM: string, price: number, inStock = true): StorefrontSize => ({
  label: usM === '' ? eu : `US ${usM}`,
  chart: { eu, usM, usW: String(Number(usM) + 1.5), uk: String(Number(usM) - 1), jpCm: '27' },
  price,
  inStock,
});

export const store: StorefrontHeader = {
  storeId: 'st-1',
  name: 'Kicks Corner',
  logoUrl: null,
  bannerUrl: null,
  description: 'Fresh pairs every week.',
  contact: 'hello@kicks.example',
  returnsText: '14 days',
  currency: 'EUR',
  brands: ['Nike', 'adidas'],
  productCount: 2,
  demo: false,
};

export const dunk: StorefrontCard = {
  productId: 'p-dunk',
  name: 'Nike Dunk Low Panda',
  brand: 'Nike',
  sku: 'dd1391-100',
  colorway: 'White/Black',
  imageUrl: 'https://img.example/dunk.jpg',
  releaseDate: '2021-03-10',
  price: 12000,
  currency: 'EUR',
  sizes: [
    chartSize('42', '8.5', 12000),
    chartSize('42.5', '9', 12500),
    chartSize('43', '9.5', 13000),
    chartSize('44', '10', 13000),
    chartSize('45', '11', 14000),
  ],
  listedAt: '2026-11-01T10:00:00.000Z',
};

export const samba: StorefrontCard = {
  productId: 'p-samba',
  name: 'adidas Samba OG',
  brand: 'adidas',
  sku: 'b75806',
  colorway: 'Cloud White',
  imageUrl: null,
  releaseDate: null,
  price: 10000,
  currency: 'EUR',
  sizes: [{ label: 'BULK', chart: null, price: 10000, inStock: true }],
  listedAt: '2026-10-01T10:00:00.000Z',
};

export const dunkProduct: StorefrontProduct = {
  ...dunk,
  sizes: [chartSize('42.5', '9', 12500)],
  images: ['https://img.example/dunk.jpg'],
  description: 'The classic.',
  sizeRun: [
    chartSize('42', '8.5', 0, false),
    chartSize('42.5', '9', 0, false),
    chartSize('43', '9.5', 0, false),
  ],
  virtual: false,
};

export const checkout = (over: Partial<Checkout> = {}): Checkout => ({
  checkoutId: 'co-1',
  status: 'open',
  productId: 'p-dunk',
  productName: 'Nike Dunk Low Panda',
  imageUrl: null,
  size: 'US 9',
  amount: 12500,
  currency: 'EUR',
  holdExpiresAt: '2026-11-28T10:35:00.000Z',
  orderShareId: null,
  ...over,
});

export const apiError = (status: number, code: string) =>
  Response.json({ error: { code, message: code } }, { status });
