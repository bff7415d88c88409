import { defineStrings } from '../../../i18n';
import en from './en.json';

/**
 * The shared list and its anonymous offer flow: English ships inline with it (share.html's
 * first paint).
 */
export const publicListStrings = defineStrings({
  name: 'public-list',
  sources: { en, es: () => import('./es.json') },
});
