import type { Courier } from '@sneakers/shared';
import { COURIER_LABELS } from '@sneakers/shared/rules/shipments';

/** A courier's name: brand names as they are in every language, 'Other' translated. */
export function courierLabel(courier: Courier, t: (key: string) => string): string {
  return courier === 'other' ? t('shipments.couriers.other') : COURIER_LABELS[courier];
}
