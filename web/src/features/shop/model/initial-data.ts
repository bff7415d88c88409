import type { getStorefront, getStorefrontProduct } from '@sneakers/shared/contracts/storefront';
import type { ResponseOf } from '@sneakers/shared/contracts/contract';
import type { ShopRoute } from './route';

export type StorefrontAnswer = ResponseOf<typeof getStorefront>;
export type ProductAnswer = ResponseOf<typeof getStorefrontProduct>;

export type InitialData =
  { kind: 'store'; answer: StorefrontAnswer } | { kind: 'product'; answer: ProductAnswer };

export const INITIAL_DATA_ID = 'storefront-data';

/**
 * The first data the server put in the page (`<script type="application/json"
 * id="storefront-data">`, helper B's HTML routes), so the storefront paints without a second
 * request. Read once: after the first page, navigation asks the API. The server writes it from
 * the contract's answer; the page only checks its shape (the fields it reads first), as the
 * contract's schemas would bring zod into store.html's first paint. Anything else (empty,
 * another page's) is ignored.
 */
export function takeInitialData(doc: Document = document): InitialData | null {
  const element = doc.getElementById(INITIAL_DATA_ID);
  const text = element?.textContent?.trim();
  element?.remove();
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || !('kind' in raw)) return null;
  if (raw.kind === 'store' && isStorefrontAnswer(raw)) return { kind: 'store', answer: raw };
  if (raw.kind === 'product' && isProductAnswer(raw)) return { kind: 'product', answer: raw };
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasStore(raw: Record<string, unknown>): boolean {
  return isRecord(raw.store) && typeof raw.store.storeId === 'string';
}

function isStorefrontAnswer(raw: unknown): raw is StorefrontAnswer {
  return isRecord(raw) && hasStore(raw) && Array.isArray(raw.products);
}

function isProductAnswer(raw: unknown): raw is ProductAnswer {
  const product = isRecord(raw) ? raw.product : undefined;
  return (
    isRecord(raw) &&
    hasStore(raw) &&
    isRecord(product) &&
    typeof product.productId === 'string' &&
    Array.isArray(product.sizes) &&
    Array.isArray(product.sizeRun) &&
    Array.isArray(product.images)
  );
}

/** The inline data when it belongs to `route` (the page the buyer opened). */
export function initialDataFor(data: InitialData | null, route: ShopRoute | null) {
  if (!data || !route) return { store: undefined, product: undefined };
  if (data.kind === 'store' && route.page === 'store' && data.answer.store.storeId === route.storeId)
    return { store: data.answer, product: undefined };
  if (
    data.kind === 'product' &&
    route.page === 'product' &&
    data.answer.store.storeId === route.storeId &&
    data.answer.product.productId === route.productId
  )
    return { store: undefined, product: data.answer };
  return { store: undefined, product: undefined };
}
