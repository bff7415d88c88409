import type { PortableKind } from '../contracts/portability';
import { normalizeSizes } from '../sizes';
import { styleCodeKey } from './style-code';

/**
 * The natural key an import matches existing records by (docs/product/migration-tools.md#matching),
 * computed the same way by the migration domain (from a row) and by each owning domain (from
 * a stored record), so a second import of the same file finds every record the first wrote:
 *
 * - items: the style code in any format (`DD1391-100` = `dd1391 100`) and the sizes, in any
 *   order and case (a list's kind is the import's, so it is not part of the key);
 * - clients and providers: the email, case-insensitive; a client without one (a legacy
 *   client) by its name and phone, case- and space-insensitive (no email has no `@`);
 * - bookings: the client's email, the style code and the size;
 * - consignments: the provider's email, the style code and the size;
 * - past sales: the sale date, the style code, the size and the sale price in cents.
 *
 * Answers null when the record lacks what its key needs (such a row fails validation anyway).
 */
export function importKeyOf(kind: PortableKind, record: Readonly<Record<string, unknown>>): string | null {
  const str = (name: string) => {
    const value = record[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const sku = styleCodeKey(str('sku') || str('itemSku'));
  const size = (name: string) =>
    normalizeSizes([str(name)])
      .map((s) => s.toUpperCase())
      .join(',');
  const email = (name: string) => str(name).toLowerCase();
  const loose = (name: string) => str(name).toLowerCase().replace(/\s+/g, ' ');
  const parts = ((): string[] => {
    switch (kind) {
      case 'inventory':
      case 'wtb':
      case 'wts':
      case 'wtc': {
        const sizes = Array.isArray(record.sizes)
          ? normalizeSizes(record.sizes.filter((s): s is string => typeof s === 'string'))
          : [];
        return [
          sku,
          sizes
            .map((s) => s.toUpperCase())
            .sort()
            .join(','),
        ];
      }
      case 'clients':
        return email('email') !== ''
          ? [email('email')]
          : [loose('name'), str('phone').replace(/[^\d+]/g, '')];
      case 'providers':
        return [email('email')];
      case 'bookings':
        return [email('clientEmail'), sku, size('size')];
      case 'consignments':
        return [email('providerEmail'), sku, size('size')];
      case 'sales': {
        const price = record.salePrice;
        return [str('saleDate'), sku, size('size'), typeof price === 'number' ? String(price) : ''];
      }
    }
  })();
  return parts.every((part) => part !== '') ? parts.join('|') : null;
}
