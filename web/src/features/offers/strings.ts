import { defineStrings } from '../../i18n';
import { publicListStrings } from '../public-list/strings';

/** Offers received, sent and anonymous: loaded with the offers section. */
export const offersStrings = defineStrings({
  name: 'offers',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
  // The offer error messages belong to the offer flow of the shared list.
  needs: [publicListStrings],
});
