import type { Clock } from '@sneakers/shared/clock';
import type { DealHide } from '@sneakers/shared/contracts/deals';
import type { Role } from '@sneakers/shared/contracts/profile-values';
import type { StoredDeal } from '../matching/ports';

/** The deals preferences the board reads (the row of src/preferences, defaults when absent). */
export interface BoardPreferences {
  resaleFeeBasisPoints: number;
  shippingCents: number;
  hides: DealHide[];
}

export interface BoardBadge {
  newDeals: number;
  /** When the caller last opened the board; null: never. */
  lastSeenAt: string | null;
}

/** What must be fresh when the board is read, in one BatchGetItem. */
export interface BoardFresh {
  preferences: BoardPreferences;
  badge: BoardBadge;
  /** The caller's profile fields the board needs; null: no profile yet. */
  profile: { role: Role; profileVisibleInDeals: boolean } | null;
  /** Partner id → their ratings summed up (absent: nobody rated them). */
  ratings: Map<string, { count: number; sum: number }>;
}

/** What the board reads and writes (services/deals/README.md, "Access patterns"). */
export interface BoardRepository {
  /** Every stored deal of the user: one Query of their partition. */
  deals(userId: string): Promise<StoredDeal[]>;
  /** The preferences, badge and profile of the user and the partners' ratings: one BatchGetItem. */
  fresh(userId: string, partnerIds: readonly string[]): Promise<BoardFresh>;
  badge(userId: string): Promise<BoardBadge>;
  /** Clears the badge and records when the board was opened. */
  markSeen(userId: string, at: string): Promise<void>;
}

export interface BoardDeps {
  repo: BoardRepository;
  clock: Clock;
}
