import { defineStrings } from '../../../i18n';
import { publicListStrings } from '../../public-list/i18n/strings';

/** Offers received, sent and anonymous: loaded with the offers section. */
export const offersStrings = defineStrings({
  name: 'offers',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
  // The offer error messages belong to the offer flow of the shared list.
  needs: [publicListStrings],
});
