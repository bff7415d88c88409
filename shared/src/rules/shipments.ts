import type { Courier, ShipmentStatus } from '../contracts/shipments';

/**
 * Shipment rules the API and the SPA share: the derived status (docs/product/commerce.md#shipment-status) and the
 * couriers' tracking links (docs/product/commerce.md#couriers-and-tracking-formats). Pure: no I/O.
 */

/** Brand names, the same in every language; the SPA translates only 'other'. */
export const COURIER_LABELS: Record<Courier, string> = {
  ups: 'UPS',
  dhl: 'DHL',
  fedex: 'FedEx',
  usps: 'USPS',
  gls: 'GLS',
  dpd: 'DPD',
  seur: 'SEUR',
  correos: 'Correos',
  correos_express: 'Correos Express',
  mrw: 'MRW',
  nacex: 'Nacex',
  other: 'Other',
};

/** Delivered if there is a delivered date, else shipped if a shipped date, else created (docs/product/commerce.md#shipment-status). */
export function deriveShipmentStatus(dates: {
  shippedDate: string | null;
  deliveredDate: string | null;
}): ShipmentStatus {
  if (dates.deliveredDate) return 'delivered';
  if (dates.shippedDate) return 'shipped';
  return 'created';
}

/** What a number looks like once spaces and dashes a user may type are gone. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The couriers' public tracking pages; `{n}` is the URL-encoded number. */
const TRACKING_PAGES: Record<Exclude<Courier, 'other'>, string> = {
  ups: 'https://www.ups.com/track?tracknum={n}',
  dhl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  gls: 'https://gls-group.com/GROUP/en/parcel-tracking?match={n}',
  dpd: 'https://tracking.dpd.de/status/en_US/parcel/{n}',
  seur: 'https://www.seur.com/livetracking/?segOnlineIdentificador={n}',
  correos: 'https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number={n}',
  correos_express: 'https://s.correosexpress.com/search?s={n}',
  mrw: 'https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio={n}',
  nacex: 'https://www.nacex.es/seguimientoDetalle.do?agencia_origen=&numero_albaran={n}',
};

/** The courier's tracking page for a number; null for 'other' (no known page) or an empty number. */
export function trackingUrl(courier: Courier, trackingNumber: string): string | null {
  const number = normalizeTrackingNumber(trackingNumber);
  if (courier === 'other' || !number) return null;
  return TRACKING_PAGES[courier].replace('{n}', encodeURIComponent(number));
}
