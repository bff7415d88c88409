import {
  createV1Sale,
  getV1Inventory,
  getV1Prices,
  listV1VirtualProducts,
  storeApiV1Contracts,
  storeApiV1Examples,
  V1_DEFAULT_BUYER_NAME,
  V1_PAGE_SIZE_DEFAULT,
  V1_PAGE_SIZE_MAX,
} from '@sneakers/shared/contracts/store-api-v1';
import { buildOpenApiDocument, type RouteDoc } from './openapi';

/** The store API's version as the document states it: `/v1` changes only by adding. */
export const STORE_API_VERSION = '1.0.0';

/** Each `/v1` route's words and its own error codes (docs/product/store-api.md#v1-routes). */
export const storeApiV1Docs = new Map<string, RouteDoc>([
  [
    getV1Inventory.id,
    {
      summary: 'List the store’s items',
      description: `The store’s items of one list (\`list\`: \`inventory\` by default, or \`wtb\`, \`wts\`, \`wtc\`), newest first, ${V1_PAGE_SIZE_DEFAULT} a page (\`limit\` up to ${V1_PAGE_SIZE_MAX}). \`sku\` and \`size\` filter, ignoring case and extra spaces; a filtered page may hold fewer items than \`limit\` while \`cursor\` is not null. \`price\` is the list’s own price: the asking price (inventory), the desired price (WTS, WTC) or the target price (WTB), in cents.`,
      errors: {},
    },
  ],
  [
    listV1VirtualProducts.id,
    {
      summary: 'List the store’s virtual products',
      description: `Products the store sells without holding stock, newest first, ${V1_PAGE_SIZE_DEFAULT} a page (\`limit\` up to ${V1_PAGE_SIZE_MAX}). Only an \`active\` one can be sold.`,
      errors: {},
    },
  ],
  [
    createV1Sale.id,
    {
      summary: 'Record a sale',
      description: `Records a sale exactly as the dashboard does: the size leaves the inventory item (or the virtual product’s sold count grows), the profit, the overview and the sale’s events follow. \`item_id\` is an inventory item, or a virtual product with \`is_virtual: true\`; \`size\` one of its sizes; \`price\` the sale price in cents of the item’s currency (\`15000\` = 150.00). Without \`buyer_name\` the buyer is recorded as “${V1_DEFAULT_BUYER_NAME}”. Requires an \`Idempotency-Key\`.`,
      errors: {
        400: ['IDEMPOTENCY_KEY_REQUIRED', 'SIZE_NOT_OFFERED'],
        402: ['SUBSCRIPTION_REQUIRED'],
        404: ['ITEM_NOT_FOUND', 'VIRTUAL_PRODUCT_NOT_FOUND'],
        409: ['ITEM_NOT_AVAILABLE', 'IDEMPOTENCY_KEY_REUSED', 'BUSY'],
      },
    },
  ],
  [
    getV1Prices.id,
    {
      summary: 'Get a product’s prices',
      description:
        'For a catalogue product: the store’s own inventory items of it with their asking prices (`store_prices`, only ever the key’s store’s), and the market data the catalogue holds (`market`: the retail price, per size variant too). Amounts in cents.',
      errors: { 404: ['PRODUCT_NOT_FOUND'] },
    },
  ],
]);

/** The document `GET /v1/openapi.json` answers (written by `npm run openapi`). */
export function storeApiV1Document() {
  return buildOpenApiDocument({
    contracts: storeApiV1Contracts,
    docs: storeApiV1Docs,
    examples: new Map(Object.entries(storeApiV1Examples)),
    version: STORE_API_VERSION,
  });
}
