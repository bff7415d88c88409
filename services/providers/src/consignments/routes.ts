import {
  createConsignment as createConsignmentContract,
  listConsignments as listConsignmentsContract,
  markConsignmentReturned as markConsignmentReturnedContract,
  markConsignmentSold as markConsignmentSoldContract,
} from '@sneakers/shared/contracts/providers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { consignmentsDeps } from './deps';
import { createConsignment, listConsignments, markConsignmentReturned, markConsignmentSold } from './domain';

/** A provider's consignments: CDK declares these routes and the local gateway serves them. */
export const consignmentRoutes: Route[] = [
  route(listConsignmentsContract, async ({ actor, params }) =>
    listConsignments(consignmentsDeps(), actor, params.providerId),
  ),
  route(createConsignmentContract, async ({ actor, params, headers, body, setStatus }) => {
    const { consignment, created } = await createConsignment(
      consignmentsDeps(),
      actor,
      params.providerId,
      headers,
      body,
    );
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { consignment };
  }),
  route(
    markConsignmentSoldContract,
    async ({ actor, params, body }) => ({
      consignment: await markConsignmentSold(consignmentsDeps(), actor, params, body.salePrice),
    }),
    { status: 200 },
  ),
  route(
    markConsignmentReturnedContract,
    async ({ actor, params }) => ({
      consignment: await markConsignmentReturned(consignmentsDeps(), actor, params),
    }),
    { status: 200 },
  ),
];
