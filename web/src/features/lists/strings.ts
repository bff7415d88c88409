import { defineStrings } from '../../i18n';

/** Inventory, WTB, WTC and the shareable lists: loaded with the lists' screens. */
export const listsStrings = defineStrings({
  name: 'lists',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
