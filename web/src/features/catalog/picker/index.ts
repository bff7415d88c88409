// The catalogue picker as other features use it (through ../catalog-picker.ts).
export { CatalogPicker, preloadCatalogPicker } from './lazy-picker';
export type { CatalogPickerProps } from './catalog-picker';
export { looksLikeSku, sameSize, type CatalogPick } from './model';
export { catalogPickerStrings } from './strings';
