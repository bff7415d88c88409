import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import type { ItemPriceHistoryProps } from '../../lib/widget-slots/item-price-history';
import { pricingStrings } from './i18n/strings';

/**
 * An item's price history for the item detail (app/feature-widgets.tsx puts it in the slot the
 * lists feature renders), in its own chunk with the pricing strings.
 */
export const ItemPriceHistory = lazyWithPreload<ItemPriceHistoryProps>(() =>
  withStrings(import('./components/item-price-history'), pricingStrings).then((m) => m.ItemPriceHistory),
);
