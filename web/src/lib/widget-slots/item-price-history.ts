import { createWidgetSlot } from './create-widget-slot';

export interface ItemPriceHistoryProps {
  itemId: string;
}

/**
 * The pricing feature's price history of one item (changes made by strategies), which the
 * item detail shows. It loads its own chunk: render it inside a Suspense boundary.
 */
const itemPriceHistorySlot = createWidgetSlot<ItemPriceHistoryProps>('ItemPriceHistory');

export const ItemPriceHistoryProvider = itemPriceHistorySlot.Provider;
export const ItemPriceHistory = itemPriceHistorySlot.Slot;
