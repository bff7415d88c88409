// The Sell dialog, which the inventory, consignments and virtual products open through its
// slot (lib/widget-slots/sell-dialog.ts, filled by app/feature-widgets.tsx). Importing this
// loads neither the dialog's code nor its strings until something is sold.
export { SellDialog, preloadSellDialog } from './sell-dialog/lazy-sell';
