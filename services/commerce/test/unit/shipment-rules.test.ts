import { describe, expect, it } from 'vitest';
import { COURIERS } from '@sneakers/shared/contracts/shipments';
import { COURIER_LABELS, deriveShipmentStatus, trackingUrl } from '@sneakers/shared/rules/shipments';

describe('shipment rules', () => {
  it('derives the status from the dates (docs/product/commerce.md#shipment-status)', () => {
    expect(deriveShipmentStatus({ shippedDate: null, deliveredDate: null })).toBe('created');
    expect(deriveShipmentStatus({ shippedDate: '2026-11-01', deliveredDate: null })).toBe('shipped');
    expect(deriveShipmentStatus({ shippedDate: '2026-11-01', deliveredDate: '2026-11-03' })).toBe(
      'delivered',
    );
    expect(deriveShipmentStatus({ shippedDate: null, deliveredDate: '2026-11-03' })).toBe('delivered');
  });

  it('links every known courier to its tracking page, with the number encoded', () => {
    for (const courier of COURIERS.filter((c) => c !== 'other')) {
      const url = trackingUrl(courier, ' 1z 5r89-390 ');
      expect(url).toMatch(/^https:\/\//);
      expect(url).toContain('1Z5R89390');
    }
    expect(trackingUrl('ups', '1Z5R89390357567127')).toBe(
      'https://www.ups.com/track?tracknum=1Z5R89390357567127',
    );
    expect(trackingUrl('nacex', '0801/12345678')).toContain('0801%2F12345678');
    expect(trackingUrl('other', 'ABC123')).toBeNull();
    expect(COURIER_LABELS.correos_express).toBe('Correos Express');
  });
});
