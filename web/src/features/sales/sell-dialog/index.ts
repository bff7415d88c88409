// The Sell dialog as other features use it (through ../sell.ts).
export { SellDialog, preloadSellDialog } from './lazy-sell';
export type { SellDialogProps } from './sell-dialog';
export type { SellTarget } from './model';
