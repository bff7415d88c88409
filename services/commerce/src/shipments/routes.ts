import {
  associateShipment as associateContract,
  createShipment as createContract,
  deleteShipment as deleteContract,
  getShipment as getContract,
  listShipments as listContract,
  updateShipment as updateContract,
} from '@sneakers/shared/contracts/shipments';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { shipmentDeps } from './deps';
import {
  associateShipment,
  createShipment,
  deleteShipment,
  getShipment,
  listShipments,
  updateShipment,
} from './domain';

export const shipmentRoutes: Route[] = [
  route(listContract, async ({ actor, query }) => {
    const page = await listShipments(shipmentDeps(), actor, query);
    return { shipments: page.items, cursor: page.cursor };
  }),
  route(createContract, async ({ actor, headers, body, setStatus }) => {
    const { shipment, created } = await createShipment(shipmentDeps(), actor, headers, body);
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { shipment };
  }),
  route(getContract, async ({ actor, params }) => ({
    shipment: await getShipment(shipmentDeps(), actor, params.shipmentId),
  })),
  route(updateContract, async ({ actor, params, body }) => ({
    shipment: await updateShipment(shipmentDeps(), actor, params.shipmentId, body),
  })),
  route(associateContract, async ({ actor, params, body }) => ({
    shipment: await associateShipment(shipmentDeps(), actor, params.shipmentId, body),
  })),
  route(deleteContract, async ({ actor, params }) => {
    await deleteShipment(shipmentDeps(), actor, params.shipmentId);
    return { deleted: true as const };
  }),
];
