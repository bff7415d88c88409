import { defineStrings } from '../../../i18n';

/** Clients, bookings and the shared booking page: loaded with the CRM's screens. */
export const crmStrings = defineStrings({
  name: 'crm',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
