import { defineStrings } from '../../../i18n';

/** The marketplace tools' strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const marketplaceToolsStrings = defineStrings({
  name: 'marketplace-tools',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
