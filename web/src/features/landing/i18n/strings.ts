import { defineStrings } from '../../../i18n';
import en from './en.json';

/** The landing page: English ships inline with it (index.html's first paint). */
export const landingStrings = defineStrings({
  name: 'landing',
  sources: { en, es: () => import('./es.json') },
});
