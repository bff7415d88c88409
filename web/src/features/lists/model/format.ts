import type { Item, PublicItem } from '@sneakers/shared';

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

/** Spec section 3: names are title-cased, OG/TD/GS/PS/SP/TR/SE/SB upper-case; 'Unknown' when empty. */
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

/** Cents as a decimal string for an input ('' for null). */
export function centsToInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
}

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 4 3%22%3E%3Crect width=%224%22 height=%223%22 fill=%22%23e5e5e5%22/%3E%3C/svg%3E';

/** An `<img>`'s onError: a catalogue or typed address that fails shows the placeholder, not a broken image. */
export function showPlaceholder(event: { currentTarget: HTMLImageElement }): void {
  if (event.currentTarget.getAttribute('src') !== PLACEHOLDER_IMAGE)
    event.currentTarget.src = PLACEHOLDER_IMAGE;
}
