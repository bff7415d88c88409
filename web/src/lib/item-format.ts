import type { Item, PublicItem } from '@sneakers/shared/contracts/lists';

const UPPER_WORDS = new Set(['OG', 'TD', 'GS', 'PS', 'SP', 'TR', 'SE', 'SB']);
const CAPITALISED = new Set(['AIR', 'JORDAN', 'DUNK', 'FORCE', 'MAX', 'ZOOM']);

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function formatWord(word: string): string {
  const upper = word.toUpperCase();
  if (UPPER_WORDS.has(upper)) return upper;
  if (CAPITALISED.has(upper)) return capitalise(word);
  return word
    .split('-')
    .map((part) => capitalise(part))
    .join('-');
}

/** Names are title-cased, OG/TD/GS/PS/SP/TR/SE/SB upper-case; 'Unknown' when empty (docs/product/lists-and-public-lists.md#display-formatting). */
export function formatName(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (!text) return 'Unknown';
  return text.split(/\s+/).map(formatWord).join(' ');
}

/** Unknown or empty brand shows empty, otherwise upper-cased. */
export function formatBrand(brand: string | null | undefined): string {
  const text = (brand ?? '').trim();
  if (!text || text.toLowerCase() === 'unknown') return '';
  return text.toUpperCase();
}

export function formatSku(sku: string | null | undefined): string {
  const text = (sku ?? '').trim();
  return text ? text.toUpperCase() : 'Unknown';
}

/**
 * The price a list shows: WTB what the owner pays (target), WTS/WTC what they want
 * (desired), inventory what the store asks (asking).
 */
export function listPrice(
  item: Pick<Item | PublicItem, 'listType' | 'targetPrice' | 'desiredPrice'> & {
    askingPrice?: number | null;
  },
): number | null {
  if (item.listType === 'wtb') return item.targetPrice;
  if (item.listType === 'inventory') return item.askingPrice ?? null;
  return item.desiredPrice;
}
