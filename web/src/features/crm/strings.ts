import { defineStrings } from '../../i18n';

/** Clients, bookings and the shared booking page: loaded with the CRM's screens. */
export const crmStrings = defineStrings({
  name: 'crm',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
