// The Sell dialog's entry for other features (inventory, consignments, virtual products):
// features meet only at root-level files (docs/adr/0005-platform-guard-rails.md). Importing
// this loads neither the dialog's code nor its strings until something is sold.
export * from './sell-dialog';
