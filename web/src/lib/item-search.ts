/** Whether an item's name, brand or SKU contains the search (case-insensitive); an empty search matches all. */
export function matchesSearch(item: { name: string; brand: string; sku: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [item.name, item.brand, item.sku].some((field) => field.toLowerCase().includes(q));
}
