import type { Variant } from '@sneakers/shared/contracts/catalog';
import type { ProductWrite } from './ports';

/** DynamoDB's limit of items in one TransactWriteItems. */
export const TRANSACTION_MAX_ITEMS = 100;

/** Items a write takes in a transaction (the outbox event is one more per transaction). */
export function transactionItemCount(write: ProductWrite): number {
  return (
    1 +
    (write.claimSkuKey ? 1 : 0) +
    (write.releaseSkuKey ? 1 : 0) +
    write.putVariants.length +
    write.deleteVariantIds.length
  );
}

/**
 * Splits writes into transactions of at most TRANSACTION_MAX_ITEMS items (one is the
 * event). A product whose variant changes alone overflow one transaction keeps the
 * product, SKU rows and as many variant changes as fit; the rest come back as `overflow`,
 * written right after its transaction committed (retried writes make them converge).
 */
export function groupWrites(writes: readonly ProductWrite[]): {
  groups: ProductWrite[][];
  overflow: Map<string, { put: Variant[]; deleteIds: string[] }>;
} {
  const room = TRANSACTION_MAX_ITEMS - 1;
  const groups: ProductWrite[][] = [];
  const overflow = new Map<string, { put: Variant[]; deleteIds: string[] }>();
  let current: ProductWrite[] = [];
  let used = 0;
  for (const original of writes) {
    let write = original;
    if (transactionItemCount(write) > room) {
      const fixed = transactionItemCount({ ...write, putVariants: [], deleteVariantIds: [] });
      const free = room - fixed;
      const deleteIds = write.deleteVariantIds.slice(0, free);
      const put = write.putVariants.slice(0, free - deleteIds.length);
      overflow.set(write.product.id, {
        put: write.putVariants.slice(put.length),
        deleteIds: write.deleteVariantIds.slice(deleteIds.length),
      });
      write = { ...write, putVariants: put, deleteVariantIds: deleteIds };
    }
    const count = transactionItemCount(write);
    if (used + count > room && current.length > 0) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(write);
    used += count;
  }
  if (current.length > 0) groups.push(current);
  return { groups, overflow };
}
