import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { SavedMapping } from '@sneakers/shared/contracts/migration';
import { NotFoundError } from '@sneakers/shared/errors';
import type { MappingsRepository } from './ports';

/** Saved column mappings (docs/product/migration-tools.md#import): saved by the mapping step, listed and deleted here. */
export async function listMappings(
  deps: { mappings: MappingsRepository },
  actor: Actor,
): Promise<SavedMapping[]> {
  const user = requireUser(actor);
  return deps.mappings.list(user.userId);
}

export async function deleteMapping(deps: { mappings: MappingsRepository }, actor: Actor, mappingId: string) {
  const user = requireWriter(actor);
  if (!(await deps.mappings.delete(user.userId, mappingId)))
    throw new NotFoundError('Saved mapping not found.', 'MAPPING_NOT_FOUND');
}
