import { deleteSavedMapping, listSavedMappings } from '@sneakers/shared/contracts/migration';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { mappingDeps } from './deps';
import { deleteMapping, listMappings } from './domain';

export const mappingRoutes: Route[] = [
  route(listSavedMappings, async ({ actor }) => ({ mappings: await listMappings(mappingDeps(), actor) })),
  route(deleteSavedMapping, async ({ actor, params }) => {
    await deleteMapping(mappingDeps(), actor, params.mappingId);
    return { deleted: true as const };
  }),
];
