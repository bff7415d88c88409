import { createV1Sale } from '@sneakers/shared/contracts/store-api-v1';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { salesDeps } from './deps';
import { recordV1Sale } from './domain';

/** The store API's sale (docs/product/store-api.md#v1-routes), recorded as the key's store. */
export const salesV1Routes: Route[] = [
  route(createV1Sale, async ({ actor, headers, body, setStatus }) => {
    const { sale, created } = await recordV1Sale(salesDeps(), actor, headers, body);
    // 201 when this call recorded it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { sale };
  }),
];
