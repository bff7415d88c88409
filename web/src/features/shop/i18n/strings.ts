import { defineStrings } from '../../../i18n';
import en from './en.json';

/**
 * The public storefront (store.html's first paint): English ships inline with it, Spanish
 * loads when the buyer's language is Spanish.
 */
export const shopStrings = defineStrings({
  name: 'shop',
  sources: { en, es: () => import('./es.json') },
});
