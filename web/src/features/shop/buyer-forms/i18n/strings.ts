import { defineStrings } from '../../../../i18n';
import { shopStrings } from '../../i18n/strings';

/**
 * What a buyer fills in or lands on after the first paint (Buy, Make an offer, Notify me, the
 * checkout's return and the notify-me links): loaded with those forms' chunks, so store.html's
 * first load carries only what the storefront and product pages show.
 */
export const buyerFormsStrings = defineStrings({
  name: 'buyer-forms',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
  needs: [shopStrings],
});
