export { CatalogIndex, type SearchRequest, type SearchResult } from './catalog-index';
export { styleCodeKey, styleCodeQuery } from '@sneakers/shared/rules/style-code';
