import { defineStrings } from '../../../i18n';

/** The messaging strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const messagingStrings = defineStrings({
  name: 'messaging',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
