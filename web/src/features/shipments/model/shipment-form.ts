import {
  COURIERS,
  type Courier,
  type FieldErrors,
  type Shipment,
  type ShipmentCreate,
  type ShipmentLink,
  type ShipmentLinkKind,
  type ShipmentUpdate,
} from '@sneakers/shared';

export const SHIPMENT_FIELDS = [
  'courier',
  'trackingNumber',
  'shippedDate',
  'deliveredDate',
  'notes',
] as const;
export type ShipmentField = (typeof SHIPMENT_FIELDS)[number];

/** The form's values as typed (dates as YYYY-MM-DD from the date inputs, '' when empty). */
export interface ShipmentDraft {
  courier: Courier;
  trackingNumber: string;
  shippedDate: string;
  deliveredDate: string;
  notes: string;
}

/** Field → an i18n key (ours) or the server's own message. */
export type ShipmentDraftErrors = Partial<Record<ShipmentField, string>>;

export function emptyShipmentDraft(): ShipmentDraft {
  return { courier: COURIERS[0], trackingNumber: '', shippedDate: '', deliveredDate: '', notes: '' };
}

export function shipmentDraftOf(shipment: Shipment): ShipmentDraft {
  return {
    courier: shipment.courier,
    trackingNumber: shipment.trackingNumber,
    shippedDate: shipment.shippedDate ?? '',
    deliveredDate: shipment.deliveredDate ?? '',
    notes: shipment.notes ?? '',
  };
}

export function isCourier(value: string): value is Courier {
  return (COURIERS as readonly string[]).includes(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Checked {
  errors: ShipmentDraftErrors;
  /** Present when there are no errors. */
  values?: Required<Omit<ShipmentCreate, 'link'>>;
}

/**
 * The checks the form makes before asking the server: a tracking number, well-formed dates and
 * no delivery before shipping. The courier's number format is the server's (its message shows
 * on the field).
 */
function check(draft: ShipmentDraft): Checked {
  const errors: ShipmentDraftErrors = {};
  const trackingNumber = draft.trackingNumber.trim();
  if (!trackingNumber) errors.trackingNumber = 'shipments.form.errors.trackingRequired';
  else if (trackingNumber.length > 60) errors.trackingNumber = 'shipments.form.errors.trackingTooLong';
  if (draft.shippedDate && !ISO_DATE.test(draft.shippedDate))
    errors.shippedDate = 'shipments.form.errors.date';
  if (draft.deliveredDate && !ISO_DATE.test(draft.deliveredDate))
    errors.deliveredDate = 'shipments.form.errors.date';
  else if (draft.deliveredDate && draft.shippedDate && draft.deliveredDate < draft.shippedDate)
    errors.deliveredDate = 'shipments.form.errors.deliveredBeforeShipped';
  if (draft.notes.length > 2000) errors.notes = 'shipments.form.errors.notesTooLong';
  if (Object.keys(errors).length > 0) return { errors };
  const notes = draft.notes.trim();
  return {
    errors: {},
    values: {
      courier: draft.courier,
      trackingNumber,
      shippedDate: draft.shippedDate || null,
      deliveredDate: draft.deliveredDate || null,
      notes: notes || null,
    },
  };
}

export function validateShipmentCreate(
  draft: ShipmentDraft,
  link: ShipmentLink | null,
): { errors: ShipmentDraftErrors; payload?: ShipmentCreate } {
  const { errors, values } = check(draft);
  if (!values) return { errors };
  return { errors, payload: { ...values, link } };
}

export function validateShipmentUpdate(draft: ShipmentDraft): {
  errors: ShipmentDraftErrors;
  payload?: ShipmentUpdate;
} {
  const { errors, values } = check(draft);
  return values ? { errors, payload: values } : { errors };
}

/** The server's field errors (400 with `fields`) on the form's fields. */
export function shipmentFieldErrors(fields: FieldErrors | undefined): ShipmentDraftErrors {
  const out: ShipmentDraftErrors = {};
  for (const key of SHIPMENT_FIELDS) {
    const message = fields?.[key]?.[0];
    if (message) out[key] = message;
  }
  return out;
}

/** The dashboard page of a shipment's linked record. */
export function linkHref(link: ShipmentLink): string {
  const id = encodeURIComponent(link.id);
  const pages: Record<ShipmentLinkKind, string> = {
    inventory: `/dashboard/inventory-item/${id}`,
    booking: `/dashboard/bookings/${id}`,
    sale: `/dashboard/sale/${id}`,
    wtb: `/dashboard/wtb-item/${id}`,
  };
  return pages[link.kind];
}
