import {
  createPricingThing as createThingContract,
  listPricingThings as listThingsContract,
} from '@sneakers/shared/contracts/pricing';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { thingsDeps } from './deps';
import { createThing, listThings } from './domain';

/** The things routes: CDK declares them and the local gateway serves them. */
export const thingsRoutes: Route[] = [
  route(listThingsContract, async ({ actor, query }) => {
    const page = await listThings(thingsDeps(), actor, query);
    return { things: page.items, cursor: page.cursor };
  }),
  route(createThingContract, async ({ actor, headers, body, setStatus }) => {
    const { thing, created } = await createThing(thingsDeps(), actor, headers, body);
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { thing };
  }),
];
