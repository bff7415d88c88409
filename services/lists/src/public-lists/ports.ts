import type { Clock } from '@sneakers/shared/clock';
import type { EntityItem, RecordOf } from '@sneakers/shared/table/entity';
import type { profileView } from '@sneakers/shared/views/profile-view';
import type { ItemRepository } from '../items/ports';

/** What a public list reads of its owner's profile: who they are, and the flag of each list. */
export const OWNER_FIELDS = [
  'userId',
  'role',
  'businessName',
  'contactEmail',
  'instagramHandle',
  'location',
  'avatarUrl',
  'publicWtbList',
  'publicWtsList',
  'publicWtcList',
] as const;

/** The owner's profile row (owned by the profiles service, read-only here). */
export type OwnerProfile = RecordOf<Pick<EntityItem<typeof profileView>, (typeof OWNER_FIELDS)[number]>>;

/** Reads the owner's profile row. */
export interface OwnerDirectory {
  get(userId: string): Promise<OwnerProfile | null>;
}

export interface Facets {
  sizes: string[];
  brands: string[];
  total: number;
}

export interface PublicListDeps {
  items: Pick<ItemRepository, 'listPublic' | 'publicFacetRows'>;
  owners: OwnerDirectory;
  clock: Clock;
  /** Facets per owner and list, kept FACETS_TTL_MS. */
  facetCache: Map<string, { at: number; facets: Facets }>;
}
