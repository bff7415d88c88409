import { defineStrings } from '../../../../i18n';

/** The Sell dialog's strings: loaded with the dialog's own chunk, wherever it opens. */
export const sellStrings = defineStrings({
  name: 'sell-dialog',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
