import { required } from '../errors';
import { bool, mergeMetadata, str } from '../form';
import { listOf, newId, nowSeconds } from '../store';
import type { Product } from '../types';
import type { ApiContext, Route } from './context';

export function createProduct(
  ctx: ApiContext,
  name: string,
  params: Parameters<typeof mergeMetadata>[1],
): Product {
  const at = nowSeconds();
  const product: Product = {
    id: newId('prod_', 14),
    object: 'product',
    active: bool(params, 'active') ?? true,
    created: at,
    updated: at,
    name,
    description: str(params, 'description') || null,
    default_price: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params),
    type: 'service',
    url: null,
  };
  ctx.store.tables.products.set(product.id, product);
  ctx.store.changed();
  return product;
}

export function productRoutes(ctx: ApiContext): Route[] {
  const { store } = ctx;
  return [
    {
      method: 'POST',
      path: '/v1/products',
      handle: ({ params }) => {
        const name = str(params, 'name');
        if (!name) throw required('name');
        const product = createProduct(ctx, name, params);
        ctx.webhooks.emit('product.created', product, product.created);
        return product;
      },
    },
    {
      method: 'GET',
      path: '/v1/products/:id',
      handle: ({ ids }) => store.get('products', ids[0] ?? '', 'product'),
    },
    {
      method: 'POST',
      path: '/v1/products/:id',
      handle: ({ ids, params }) => {
        const product = store.get('products', ids[0] ?? '', 'product');
        product.name = str(params, 'name') || product.name;
        product.active = bool(params, 'active') ?? product.active;
        product.description = str(params, 'description') ?? product.description;
        product.metadata = mergeMetadata(product.metadata, params);
        product.updated = nowSeconds();
        store.changed();
        return product;
      },
    },
    {
      method: 'GET',
      path: '/v1/products',
      handle: ({ params }) => {
        const active = bool(params, 'active');
        const items = [...store.tables.products.values()].filter(
          (p) => active === undefined || p.active === active,
        );
        return listOf(items, params, '/v1/products');
      },
    },
  ];
}
