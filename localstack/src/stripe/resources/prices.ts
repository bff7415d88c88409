import { invalid, required } from '../errors';
import { bool, int, mergeMetadata, obj, str, strings, type Params } from '../form';
import { listOf, newId, nowSeconds } from '../store';
import type { Price, Recurring } from '../types';
import type { ApiContext, Route } from './context';
import { createProduct } from './products';

const INTERVALS = new Set(['day', 'week', 'month', 'year']);

/** A price from `price_data`-like params (also Checkout's inline prices). */
export function createPrice(ctx: ApiContext, params: Params, at = nowSeconds()): Price {
  const { store } = ctx;
  const currency = str(params, 'currency')?.toLowerCase();
  if (!currency) throw required('currency');
  const amount = int(params, 'unit_amount') ?? Number(str(params, 'unit_amount_decimal') ?? Number.NaN);
  if (!Number.isInteger(amount) || amount < 0) throw required('unit_amount');
  let productId = str(params, 'product');
  const productData = obj(params, 'product_data');
  if (productId) store.get('products', productId, 'product', 'product');
  else if (productData) {
    const name = str(productData, 'name');
    if (!name) throw required('product_data[name]');
    productId = createProduct(ctx, name, productData).id;
  } else throw required('product');
  const recurringParams = obj(params, 'recurring');
  let recurring: Recurring | null = null;
  if (recurringParams) {
    const interval = str(recurringParams, 'interval') ?? '';
    if (!INTERVALS.has(interval))
      throw invalid('recurring[interval]', `Invalid recurring[interval]: ${interval}`);
    recurring = {
      interval: interval as Recurring['interval'],
      interval_count: int(recurringParams, 'interval_count') ?? 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }
  const lookupKey = str(params, 'lookup_key') || null;
  if (lookupKey) claimLookupKey(ctx, lookupKey, bool(params, 'transfer_lookup_key') ?? false);
  const price: Price = {
    id: newId('price_'),
    object: 'price',
    active: bool(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: at,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: mergeMetadata({}, params),
    nickname: str(params, 'nickname') || null,
    product: productId,
    recurring,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: amount,
    unit_amount_decimal: String(amount),
  };
  store.tables.prices.set(price.id, price);
  store.changed();
  return price;
}

/** A lookup key names one price: taking it from another needs `transfer_lookup_key`. */
function claimLookupKey(ctx: ApiContext, key: string, transfer: boolean, except?: string) {
  for (const other of ctx.store.tables.prices.values()) {
    if (other.lookup_key !== key || other.id === except) continue;
    if (!transfer)
      throw invalid(
        'lookup_key',
        `A price (\`${other.id}\`) already uses that lookup key. Set \`transfer_lookup_key\` to move it to this price.`,
      );
    other.lookup_key = null;
  }
}

export function priceRoutes(ctx: ApiContext): Route[] {
  const { store } = ctx;
  return [
    {
      method: 'POST',
      path: '/v1/prices',
      handle: ({ params }) => {
        const price = createPrice(ctx, params);
        ctx.webhooks.emit('price.created', price, price.created);
        return price;
      },
    },
    {
      method: 'GET',
      path: '/v1/prices/:id',
      handle: ({ ids }) => store.get('prices', ids[0] ?? '', 'price'),
    },
    {
      method: 'POST',
      path: '/v1/prices/:id',
      handle: ({ ids, params }) => {
        const price = store.get('prices', ids[0] ?? '', 'price');
        const key = str(params, 'lookup_key');
        if (key !== undefined) {
          if (key) claimLookupKey(ctx, key, bool(params, 'transfer_lookup_key') ?? false, price.id);
          price.lookup_key = key || null;
        }
        price.active = bool(params, 'active') ?? price.active;
        price.nickname = str(params, 'nickname') ?? price.nickname;
        price.metadata = mergeMetadata(price.metadata, params);
        store.changed();
        return price;
      },
    },
    {
      method: 'GET',
      path: '/v1/prices',
      handle: ({ params }) => {
        const keys = strings(params, 'lookup_keys');
        const active = bool(params, 'active');
        const product = str(params, 'product');
        const type = str(params, 'type');
        const currency = str(params, 'currency');
        const items = [...store.tables.prices.values()].filter(
          (p) =>
            (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
            (active === undefined || p.active === active) &&
            (!product || p.product === product) &&
            (!type || p.type === type) &&
            (!currency || p.currency === currency),
        );
        return listOf(items, params, '/v1/prices');
      },
    },
  ];
}
