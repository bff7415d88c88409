import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import { reconcileItems } from '../matching/domain';
import type { MatchingDeps } from '../matching/ports';

/** The rows of a closed account deals keeps beside what the matcher reconciles. */
export interface DealsEraseRepository {
  /** Deletes these items' match states (left only when an item was still there). */
  deleteStates(userId: string, itemIds: readonly string[]): Promise<void>;
  /** Deletes up to `limit` of the account's deal rows and their partners' mirrors; answers how many. */
  deleteDeals(userId: string, limit: number): Promise<number>;
  /** Deletes the account's preferences (hides, digest settings) and badge; answers how many. */
  deleteSettings(userId: string): Promise<number>;
}

/**
 * A closed account's deals (docs/product/accounts.md#closing-the-account): its items are
 * gone by now (lists erases first), so reconciling their match states takes their index rows
 * out of the other users' candidates and removes the deals on both sides, as the matcher does
 * for a deleted item; then whatever deal rows are left, the preferences and the badge. The
 * digest's pending rows expire within 7 days (TTL).
 */
export function dealsEraser(deps: MatchingDeps & { erase: DealsEraseRepository }): AccountRowsEraser {
  return {
    passes: (userId, limit) => [
      async () => {
        const keys = (await deps.repo.statesOf(userId)).slice(0, limit);
        if (keys.length === 0) return { deleted: 0, anonymised: 0 };
        await reconcileItems(deps, keys);
        await deps.erase.deleteStates(
          userId,
          keys.map((k) => k.id),
        );
        return { deleted: keys.length, anonymised: 0 };
      },
      async () => ({ deleted: await deps.erase.deleteDeals(userId, limit), anonymised: 0 }),
      async () => ({ deleted: await deps.erase.deleteSettings(userId), anonymised: 0 }),
    ],
  };
}
