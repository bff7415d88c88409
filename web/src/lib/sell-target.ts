import type { Item } from '@sneakers/shared';
import { isSellable } from '@sneakers/shared/rules/stock';
import type { SellTarget } from './widget-slots/sell-dialog';
import { formatName } from './item-format';

/**
 * An inventory pair the Sell dialog can sell (unsold, with a size left), or null. The
 * inventory row, the item's page and the Sales pair picker all ask this one question, so a
 * pair offers Sell wherever it is shown (docs/product/lists-and-public-lists.md#item-status).
 */
export function inventorySellTarget(item: Item): SellTarget | null {
  if (item.listType !== 'inventory' || !isSellable(item) || item.sizes.length === 0) return null;
  return {
    source: 'inventory',
    itemId: item.id,
    name: formatName(item.name),
    sizes: item.sizes,
    currency: item.currency,
    price: item.askingPrice,
    cost: item.purchasePrice,
  };
}
