import { defineStrings } from '../../../i18n';

/** The dashboard shell (sidebar, breadcrumb, section and detail names), its overview and settings: loaded with the shell. */
export const dashboardStrings = defineStrings({
  name: 'dashboard',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
