import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import {
  shipmentSchema,
  type Courier,
  type Shipment,
  type ShipmentLink,
  type shipmentCreateSchema,
  type shipmentUpdateSchema,
  type ShipmentLinkKind,
} from '@sneakers/shared/contracts/shipments';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { deriveShipmentStatus, trackingUrl } from '@sneakers/shared/rules/shipments';
import {
  courierOf,
  storedTrackingNumber,
  trackingNumberProblem,
} from '@sneakers/shared/rules/tracking-formats';
import type { ShipmentDeps, ShipmentFilter, ShipmentRecord } from './ports';

/**
 * Shipment use cases (docs/product/commerce.md#shipments: the shipment form, the derived
 * status, couriers and their tracking formats): pure, the storage injected. Every shipment
 * belongs to the verified caller's store.
 */
export function toShipment(record: ShipmentRecord): Shipment {
  return {
    id: record.id,
    courier: record.courier,
    trackingNumber: record.trackingNumber,
    shippedDate: record.shippedDate,
    deliveredDate: record.deliveredDate,
    notes: record.notes,
    status: deriveShipmentStatus(record),
    trackingUrl: trackingUrl(record.courier, record.trackingNumber),
    link: record.link,
    linkLabel: record.linkLabel,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const notFound = () => new NotFoundError('Shipment not found.', 'SHIPMENT_NOT_FOUND');

/**
 * 400 INVALID_TRACKING_NUMBER with the field, in the words of the create/edit modal; the
 * shared courier rule, which a sale's shipping details meet too (src/sales/domain.ts).
 */
export function checkTrackingNumber(courier: Courier, trackingNumber: string): string {
  const problem = trackingNumberProblem(courier, trackingNumber);
  if (problem)
    throw new AppError(400, 'INVALID_TRACKING_NUMBER', `${problem}.`, { trackingNumber: [problem] });
  return storedTrackingNumber(courier, trackingNumber);
}

function checkDates(shippedDate: string | null, deliveredDate: string | null): void {
  if (shippedDate && deliveredDate && deliveredDate < shippedDate)
    throw new ValidationError('The delivered date cannot be before the shipped date.', {
      deliveredDate: ['Delivered date cannot be before the shipped date'],
    });
}

async function linkLabelOf(deps: ShipmentDeps, storeUserId: string, link: ShipmentLink) {
  const target = await deps.repo.linkTarget(storeUserId, link);
  if (!target) throw new NotFoundError('The record to link was not found.', 'LINK_TARGET_NOT_FOUND');
  return target.label;
}

export async function listShipments(
  deps: Pick<ShipmentDeps, 'repo'>,
  actor: Actor,
  query: { linkKind?: ShipmentLinkKind; linkId?: string; unassociated?: 'true' | 'false' } & PageRequest,
): Promise<Page<Shipment>> {
  const user = requireUser(actor);
  let filter: ShipmentFilter = { kind: 'all' };
  if (query.unassociated === 'true') filter = { kind: 'unassociated' };
  else if (query.linkKind && query.linkId)
    filter = { kind: 'link', linkKind: query.linkKind, linkId: query.linkId };
  else if (query.linkKind || query.linkId)
    throw new ValidationError('Filter by linkKind and linkId together.', {
      [query.linkKind ? 'linkId' : 'linkKind']: ['Required with the other link filter'],
    });
  const page = await deps.repo.list(user.userId, filter, { cursor: query.cursor, limit: query.limit });
  return mapPage(page, toShipment);
}

export async function getShipment(deps: Pick<ShipmentDeps, 'repo'>, actor: Actor, id: string) {
  const user = requireUser(actor);
  const record = await deps.repo.get(user.userId, id);
  if (!record) throw notFound();
  return toShipment(record);
}

/** Idempotent create: a retry with the same Idempotency-Key answers the first shipment. */
export async function createShipment(
  deps: ShipmentDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: z.output<typeof shipmentCreateSchema>,
): Promise<{ shipment: Shipment; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `commerce.shipment#${user.userId}`,
    headers,
    request: input,
    now,
    result: shipmentSchema,
  });
  if (request.replay) return { shipment: request.replay, created: false };

  const trackingNumber = checkTrackingNumber(input.courier, input.trackingNumber);
  const shippedDate = input.shippedDate ?? null;
  const deliveredDate = input.deliveredDate ?? null;
  checkDates(shippedDate, deliveredDate);
  const link = input.link ?? null;
  const linkLabel = link ? await linkLabelOf(deps, user.userId, link) : null;
  const at = now.toISOString();
  const record: ShipmentRecord = {
    storeUserId: user.userId,
    id: deps.ids.next(),
    courier: input.courier,
    trackingNumber,
    shippedDate,
    deliveredDate,
    notes: input.notes || null,
    link,
    linkLabel,
    createdAt: at,
    updatedAt: at,
  };
  const shipment = toShipment(record);
  const outcome = await deps.repo.create(record, request.claim(shipment));
  if (outcome === 'duplicate') return { shipment: await request.winner(), created: false };
  return { shipment, created: true };
}

/**
 * Reads, changes and writes back on condition nothing changed in between. A concurrent
 * write makes it read and apply once more (so a second associate sees the first one's
 * link), then 409 BUSY.
 */
async function change(
  deps: ShipmentDeps,
  storeUserId: string,
  id: string,
  apply: (before: ShipmentRecord, at: string) => ShipmentRecord | Promise<ShipmentRecord>,
): Promise<Shipment> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await deps.repo.get(storeUserId, id);
    if (!before) throw notFound();
    const next = await apply(before, deps.clock.now().toISOString());
    if ((await deps.repo.replace(next, before)) === 'committed') return toShipment(next);
  }
  throw new ConflictError('This shipment was changed by another request. Please try again.', 'BUSY');
}

export async function updateShipment(
  deps: ShipmentDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof shipmentUpdateSchema>,
): Promise<Shipment> {
  const user = requireWriter(actor);
  return change(deps, user.userId, id, (before, at) => {
    const courier = input.courier ?? before.courier;
    // The number is checked again whenever it or the courier changes.
    const trackingNumber =
      input.courier !== undefined || input.trackingNumber !== undefined
        ? checkTrackingNumber(courier, input.trackingNumber ?? before.trackingNumber)
        : before.trackingNumber;
    const shippedDate = input.shippedDate !== undefined ? input.shippedDate : before.shippedDate;
    const deliveredDate = input.deliveredDate !== undefined ? input.deliveredDate : before.deliveredDate;
    checkDates(shippedDate, deliveredDate);
    const notes = input.notes !== undefined ? input.notes || null : before.notes;
    return { ...before, courier, trackingNumber, shippedDate, deliveredDate, notes, updatedAt: at };
  });
}

/** Links an unassociated shipment to one of the store's records. */
export async function associateShipment(
  deps: ShipmentDeps,
  actor: Actor,
  id: string,
  link: ShipmentLink,
): Promise<Shipment> {
  const user = requireWriter(actor);
  return change(deps, user.userId, id, async (before, at) => {
    if (before.link)
      throw new ConflictError('This shipment is already associated.', 'SHIPMENT_ALREADY_ASSOCIATED');
    const linkLabel = await linkLabelOf(deps, user.userId, link);
    return { ...before, link, linkLabel, updatedAt: at };
  });
}

export async function deleteShipment(deps: Pick<ShipmentDeps, 'repo'>, actor: Actor, id: string) {
  const user = requireWriter(actor);
  if ((await deps.repo.delete(user.userId, id)) === 'missing') throw notFound();
}

/** What a recorded sale tells its shipment (the `Sale.Recorded` event's data). */
export interface SaleShipping {
  saleId: string;
  storeUserId: string;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  itemName: string;
  size: string;
  clientName: string;
}

export type SaleShipmentOutcome = 'none' | 'created' | 'linked' | 'already';

/**
 * A sale with a carrier and a tracking number has its shipment (docs/product/commerce.md#shipments):
 * a shipment of the store with that courier and number is linked to the sale when it is
 * unassociated (and left as it is when it already tracks another record or this sale);
 * otherwise one is created, linked to the sale. The shipment's id is the sale's, so a retried
 * event never makes two. A sale with no courier or no number, or one recorded before the
 * sale checked its number, has none.
 */
export async function shipSale(
  deps: Pick<ShipmentDeps, 'repo' | 'clock'>,
  sale: SaleShipping,
): Promise<SaleShipmentOutcome> {
  const courier = courierOf(sale.shippingCarrier);
  const typed = sale.trackingNumber?.trim() ?? '';
  if (!courier || !typed || trackingNumberProblem(courier, typed)) return 'none';
  const trackingNumber = storedTrackingNumber(courier, typed);
  const link: ShipmentLink = { kind: 'sale', id: sale.saleId };
  const linkLabel = `${sale.itemName} · ${sale.size} · ${sale.clientName}`;
  const at = deps.clock.now().toISOString();

  const existing = await deps.repo.findByTracking(sale.storeUserId, courier, trackingNumber);
  if (existing) {
    if (existing.link) return 'already';
    const outcome = await deps.repo.replace({ ...existing, link, linkLabel, updatedAt: at }, existing);
    // Edited meanwhile: the event is retried and reads it again.
    if (outcome === 'stale') throw new ConflictError('The shipment changed; retry.', 'SHIPMENT_CHANGED');
    return 'linked';
  }
  const outcome = await deps.repo.createOnce({
    storeUserId: sale.storeUserId,
    id: sale.saleId,
    courier,
    trackingNumber,
    shippedDate: null,
    deliveredDate: null,
    notes: null,
    link,
    linkLabel,
    createdAt: at,
    updatedAt: at,
  });
  return outcome === 'committed' ? 'created' : 'already';
}
