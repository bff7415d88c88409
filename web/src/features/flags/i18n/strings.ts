import { defineStrings } from '../../../i18n';

/** The flags strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const flagsStrings = defineStrings({
  name: 'flags',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
