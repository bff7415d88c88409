import type { StorefrontSizeSystem, StorefrontSort } from '@sneakers/shared/contracts/storefront';

// The contract's lists, restated: importing a value from the contracts module would bring its
// schemas and zod into store.html's first paint (docs/adr/0004-light-html-entries.md).
// tests/model.test.ts checks they equal the contract's.
export const SHOP_SIZE_SYSTEMS = [
  'eu',
  'usM',
  'usW',
  'uk',
  'jpCm',
] as const satisfies readonly StorefrontSizeSystem[];
export const SHOP_SORTS = ['newest', 'price_asc', 'price_desc'] as const satisfies readonly StorefrontSort[];
