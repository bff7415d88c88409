/**
 * The pages store.html serves (docs/product/online-store.md): the storefront, a product, the
 * checkout's return page and the notify-me links. One parser for the light entry and the
 * app's router, so both show the same page for a path.
 */
export type ShopRoute =
  | { page: 'store'; storeId: string }
  | { page: 'product'; storeId: string; productId: string }
  | { page: 'checkout'; storeId: string; checkoutId: string; cancelled: boolean }
  | { page: 'notify-confirm'; token: string }
  | { page: 'notify-unsubscribe'; token: string };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page of `pathname` (+ `search`), or null when it is not a store page. */
export function parseShopRoute(pathname: string, search = ''): ShopRoute | null {
  const query = new URLSearchParams(search);
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (parts[0] !== 'store') return null;
  const [, first, second, third, ...rest] = parts;
  if (first === 'notify' && third === undefined) {
    const token = query.get('token') ?? '';
    if (second === 'confirm') return { page: 'notify-confirm', token };
    if (second === 'unsubscribe') return { page: 'notify-unsubscribe', token };
  }
  const storeId = first ? decode(first) : null;
  if (!storeId || rest.length > 0) return null;
  if (second === undefined) return { page: 'store', storeId };
  const id = third ? decode(third) : null;
  if (!id) return null;
  if (second === 'product') return { page: 'product', storeId, productId: id };
  if (second === 'checkout')
    return { page: 'checkout', storeId, checkoutId: id, cancelled: query.get('cancelled') === '1' };
  return null;
}
