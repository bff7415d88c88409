import type { Currency, Sale } from '@sneakers/shared';
import { createWidgetSlot } from './create-widget-slot';

/** What the Sell dialog sells: an inventory item, a consignment or a virtual product. */
export interface SellTarget {
  source: 'inventory' | 'consignment' | 'virtual';
  /** The inventory item or virtual product (inventory, virtual). */
  itemId?: string;
  /** The consignment's provider and the consignment (consignment). */
  providerId?: string;
  consignmentId?: string;
  name: string;
  /** The sizes one can pick (a consignment's one size). */
  sizes: readonly string[];
  currency: Currency;
  /** Prefills the sale price (cents). */
  price?: number | null;
  /** What the sold pair cost the store (cents), for the profit preview. */
  cost?: number | null;
}

export interface SellDialogProps {
  /** What is being sold; the dialog is closed while null. */
  target: SellTarget | null;
  onOpenChange: (open: boolean) => void;
  /** After the sale is recorded (the caller refreshes what it shows). */
  onSold?: (sale: Sale) => void;
}

/**
 * The sales feature's Sell dialog, which the inventory, consignments and virtual products
 * open: it renders nothing (and loads nothing) while `target` is null.
 */
const sellDialogSlot = createWidgetSlot<SellDialogProps>('SellDialog');

export const SellDialogProvider = sellDialogSlot.Provider;
export const SellDialog = sellDialogSlot.Slot;
/** Starts loading the dialog (a Sell button hovered or focused). */
export const usePreloadSellDialog = sellDialogSlot.usePreload;
