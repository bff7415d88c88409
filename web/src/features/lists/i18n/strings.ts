import { defineStrings } from '../../../i18n';

/** Inventory, WTB, WTC and the shareable lists: loaded with the lists' screens. */
export const listsStrings = defineStrings({
  name: 'lists',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
