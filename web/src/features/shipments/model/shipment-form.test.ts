import { describe, expect, it } from 'vitest';
import type { Shipment } from '@sneakers/shared';
import {
  emptyShipmentDraft,
  linkHref,
  shipmentDraftOf,
  shipmentFieldErrors,
  validateShipmentCreate,
  validateShipmentUpdate,
} from './shipment-form';

const draft = { ...emptyShipmentDraft(), courier: 'ups' as const, trackingNumber: ' 1Z999AA10123456784 ' };

describe('shipment form', () => {
  it('trims the number, turns empty dates and notes into null and keeps the link', () => {
    expect(validateShipmentCreate(draft, { kind: 'sale', id: 's-1' })).toEqual({
      errors: {},
      payload: {
        courier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        shippedDate: null,
        deliveredDate: null,
        notes: null,
        link: { kind: 'sale', id: 's-1' },
      },
    });
  });

  it('requires a tracking number and refuses a delivery before the shipping', () => {
    const result = validateShipmentCreate(
      { ...draft, trackingNumber: '  ', shippedDate: '2026-03-10', deliveredDate: '2026-03-09' },
      null,
    );
    expect(result.payload).toBeUndefined();
    expect(result.errors).toEqual({
      trackingNumber: 'shipments.form.errors.trackingRequired',
      deliveredDate: 'shipments.form.errors.deliveredBeforeShipped',
    });
    // The same day is fine; a delivered date alone too.
    expect(
      validateShipmentUpdate({ ...draft, shippedDate: '2026-03-10', deliveredDate: '2026-03-10' }).payload,
    ).toMatchObject({ shippedDate: '2026-03-10', deliveredDate: '2026-03-10' });
    expect(validateShipmentUpdate({ ...draft, deliveredDate: '2026-03-10' }).payload).toMatchObject({
      shippedDate: null,
      deliveredDate: '2026-03-10',
    });
  });

  it("puts the server's field errors on their fields and ignores unknown ones", () => {
    expect(
      shipmentFieldErrors({ trackingNumber: ['Not a UPS tracking number'], link: ['x'], deliveredDate: [] }),
    ).toEqual({ trackingNumber: 'Not a UPS tracking number' });
    expect(shipmentFieldErrors(undefined)).toEqual({});
  });

  it("edits from the shipment's values and links each kind to its record's page", () => {
    const shipment: Shipment = {
      id: 'sh-1',
      courier: 'seur',
      trackingNumber: 'ABC',
      shippedDate: '2026-03-01',
      deliveredDate: null,
      notes: null,
      status: 'shipped',
      trackingUrl: null,
      link: null,
      linkLabel: null,
      createdAt: '2026-03-01T00:00:00Z',
      updatedAt: '2026-03-01T00:00:00Z',
    };
    expect(shipmentDraftOf(shipment)).toEqual({
      courier: 'seur',
      trackingNumber: 'ABC',
      shippedDate: '2026-03-01',
      deliveredDate: '',
      notes: '',
    });
    expect(linkHref({ kind: 'inventory', id: 'i 1' })).toBe('/dashboard/inventory-item/i%201');
    expect(linkHref({ kind: 'booking', id: 'b1' })).toBe('/dashboard/bookings/b1');
    expect(linkHref({ kind: 'sale', id: 's1' })).toBe('/dashboard/sale/s1');
    expect(linkHref({ kind: 'wtb', id: 'w1' })).toBe('/dashboard/wtb-item/w1');
  });
});
