import { defineStrings } from '../../../i18n';

/** Offers received, sent and anonymous: loaded with the offers section. */
export const offersStrings = defineStrings({
  name: 'offers',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
