import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A Spanish string left equal to its English one is usually a forgotten translation
// ('Colorway', 'products'). Words Spanish uses as they are stay allowed, by value.
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const SAME_IN_SPANISH = new Set([
  'SKU',
  'Total',
  'Subtotal',
  'Error',
  'Plan',
  'Alias',
  'IBAN',
  'PDF',
  'Demo',
  'Unisex',
  'Instagram',
  'Discord',
  'WhatsApp',
  'PayPal',
  'Bizum',
  'English',
  'Español',
  'Sneaker CRM',
  '5 min',
  // The superuser's feature-flag tools use the English term on purpose, as the team does.
  'Feature flags',
  'Flags',
]);

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => value !== null && typeof value === 'object';
function leaves(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (isTree(value))
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}
function i18nFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const path = join(dir, entry.name);
    return entry.name === 'i18n' ? [path, ...i18nFolders(path)] : i18nFolders(path);
  });
}
const read = (folder: string, lng: string) =>
  leaves(JSON.parse(readFileSync(join(folder, `${lng}.json`), 'utf8')) as unknown);

describe('Spanish strings', () => {
  it('translate every English word (a value left as in English is a leftover)', () => {
    const leftovers: string[] = [];
    for (const folder of i18nFolders(SRC)) {
      const en = read(folder, 'en');
      for (const [key, value] of read(folder, 'es')) {
        const words = value.replace(/\{\{\s*\w+\s*\}\}/g, '');
        if (en.get(key) === value && /\p{L}{3}/u.test(words) && !SAME_IN_SPANISH.has(value))
          leftovers.push(`${folder.slice(SRC.length + 1)} ${key}: ${value}`);
      }
    }
    expect(leftovers).toEqual([]);
  });

  it('never show the English names the issue found (Colorway, Bulk)', () => {
    const found: string[] = [];
    for (const folder of i18nFolders(SRC))
      for (const [key, value] of read(folder, 'es'))
        if (/\bcolorway\b|\bbulk\b/i.test(value)) found.push(`${key}: ${value}`);
    expect(found).toEqual([]);
  });
});
