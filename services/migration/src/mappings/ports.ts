import type { SavedMapping } from '@sneakers/shared/contracts/migration';

export interface MappingsRepository {
  list(userId: string): Promise<SavedMapping[]>;
  /** Writes the mapping (a new id, or the id of the one it replaces). */
  put(userId: string, mapping: SavedMapping): Promise<void>;
  /** False when there was none. */
  delete(userId: string, mappingId: string): Promise<boolean>;
}
