// How an item reads (name, brand, SKU, price, image) and the search over it, shared with
// the public list so both show an item the same way. Pure: no React or API code.
export { formatBrand, formatName, formatSku, listPrice, PLACEHOLDER_IMAGE } from './model/format';
export { matchesSearch } from './model/items';
