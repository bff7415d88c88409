import * as z from 'zod/mini';
import { cursorField, pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { recordId as id, text } from './fields';
import { isoDate } from './sale-schema';

/**
 * Shipments (docs/product/commerce.md#shipments: the shipment form, the derived status, item
 * selection and the toasts). The status is derived (shared/src/rules/shipments.ts); the
 * tracking number is checked against the courier's format where it is known.
 */
export const COURIERS = [
  'ups',
  'dhl',
  'fedex',
  'usps',
  'gls',
  'dpd',
  'seur',
  'correos',
  'correos_express',
  'mrw',
  'nacex',
  'other',
] as const;
export type Courier = (typeof COURIERS)[number];
export const SHIPMENT_STATUSES = ['created', 'shipped', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** What a shipment can be linked to: an inventory item, booking, sale or WTB item (docs/product/commerce.md#item-selection). */
export const SHIPMENT_LINK_KINDS = ['inventory', 'booking', 'sale', 'wtb'] as const;
export type ShipmentLinkKind = (typeof SHIPMENT_LINK_KINDS)[number];
const pageQuery = pageQueryOf(100);

export const shipmentLinkSchema = z.strictObject({ kind: z.enum(SHIPMENT_LINK_KINDS), id });
export type ShipmentLink = z.infer<typeof shipmentLinkSchema>;

export const shipmentSchema = z.object({
  id: z.string(),
  courier: z.enum(COURIERS),
  trackingNumber: z.string(),
  shippedDate: z.nullable(isoDate),
  deliveredDate: z.nullable(isoDate),
  notes: z.nullable(z.string()),
  /** Derived: delivered if deliveredDate, else shipped if shippedDate, else created. */
  status: z.enum(SHIPMENT_STATUSES),
  /** The courier's tracking page, for couriers with a known one. */
  trackingUrl: z.nullable(z.string()),
  link: z.nullable(shipmentLinkSchema),
  /** A readable name of the linked record (item name and size, client name ...), kept with the link. */
  linkLabel: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

const fields = {
  courier: z.enum(COURIERS),
  trackingNumber: z.string().check(z.trim(), z.minLength(1, 'Tracking number is required'), z.maxLength(60)),
  shippedDate: z.nullable(isoDate),
  deliveredDate: z.nullable(isoDate),
  notes: z.nullable(text(2000)),
};

/**
 * 400 INVALID_TRACKING_NUMBER (field `trackingNumber`) when the number does not fit the
 * courier's format; 400 with field `deliveredDate` when delivered before shipped; 404
 * LINK_TARGET_NOT_FOUND when `link` is not one of the store's records. Requires an
 * Idempotency-Key header.
 */
export const shipmentCreateSchema = z.strictObject({
  courier: fields.courier,
  trackingNumber: fields.trackingNumber,
  shippedDate: z.optional(fields.shippedDate),
  deliveredDate: z.optional(fields.deliveredDate),
  notes: z.optional(fields.notes),
  link: z.optional(z.nullable(shipmentLinkSchema)),
});
export type ShipmentCreate = z.input<typeof shipmentCreateSchema>;

export const shipmentUpdateSchema = z
  .partial(z.strictObject(fields))
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' }));
export type ShipmentUpdate = z.input<typeof shipmentUpdateSchema>;

const shipmentId = z.object({ shipmentId: id });

/**
 * The store's shipments, newest first: all, those linked to one record (`linkKind` +
 * `linkId`), or the unassociated ones (`unassociated=true`).
 */
export const listShipments = defineContract({
  id: 'commerce.shipments.list',
  method: 'GET',
  path: '/api/shipments',
  auth: 'user',
  query: z.object({
    linkKind: z.optional(z.enum(SHIPMENT_LINK_KINDS)),
    linkId: z.optional(id),
    unassociated: z.optional(z.enum(['true', 'false'])),
    ...pageQuery,
  }),
  response: z.object({ shipments: z.array(shipmentSchema), ...cursorField }),
});

export const createShipment = defineContract({
  id: 'commerce.shipments.create',
  method: 'POST',
  path: '/api/shipments',
  auth: 'user',
  body: shipmentCreateSchema,
  response: z.object({ shipment: shipmentSchema }),
  maxBodyBytes: 8 * 1024,
});

export const getShipment = defineContract({
  id: 'commerce.shipments.get',
  method: 'GET',
  path: '/api/shipments/{shipmentId}',
  auth: 'user',
  params: shipmentId,
  response: z.object({ shipment: shipmentSchema }),
});

/** Edits courier, tracking number (checked again), dates and notes; not the link. */
export const updateShipment = defineContract({
  id: 'commerce.shipments.update',
  method: 'PATCH',
  path: '/api/shipments/{shipmentId}',
  auth: 'user',
  params: shipmentId,
  body: shipmentUpdateSchema,
  response: z.object({ shipment: shipmentSchema }),
  maxBodyBytes: 8 * 1024,
});

/**
 * Links an unassociated shipment to one of the store's records ('Shipment associated
 * successfully'); 409 SHIPMENT_ALREADY_ASSOCIATED; 404 LINK_TARGET_NOT_FOUND.
 */
export const associateShipment = defineContract({
  id: 'commerce.shipments.associate',
  method: 'POST',
  path: '/api/shipments/{shipmentId}/associate',
  auth: 'user',
  params: shipmentId,
  body: shipmentLinkSchema,
  response: z.object({ shipment: shipmentSchema }),
  maxBodyBytes: 1024,
});

export const deleteShipment = defineContract({
  id: 'commerce.shipments.delete',
  method: 'DELETE',
  path: '/api/shipments/{shipmentId}',
  auth: 'user',
  params: shipmentId,
  response: z.object({ deleted: z.literal(true) }),
});

export const shipmentsContracts = [
  listShipments,
  createShipment,
  getShipment,
  updateShipment,
  associateShipment,
  deleteShipment,
] as const;
