import { defineStrings } from '../../../i18n';

/** The migration strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const migrationStrings = defineStrings({
  name: 'migration',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
