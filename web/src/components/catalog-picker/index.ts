// The catalogue picker, a form field of the lists, bookings, orders and virtual products
// forms. Importing this loads neither the picker's code nor its strings until a form shows it.
export { CatalogPicker, preloadCatalogPicker } from './lazy-catalog-picker';
export type { CatalogPickerProps } from './catalog-picker';
export { looksLikeSku, sameSize, type CatalogPick } from './catalog-pick';
