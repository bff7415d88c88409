import type { Item } from '@sneakers/shared';
import { isSellable } from '@sneakers/shared/rules/stock';
import type { SellTarget } from '../../../lib/widget-slots/sell-dialog';
import { formatName } from '../../../lib/item-format';

/** An inventory item the Sell dialog can sell (available, with a size left), or null. */
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
