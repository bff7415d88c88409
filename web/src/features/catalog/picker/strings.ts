import { defineStrings } from '../../../i18n';

/**
 * The catalogue picker's strings: loaded with the picker's own chunk (index.ts), so every
 * form that shows it (lists, bookings) gets them without declaring them.
 */
export const catalogPickerStrings = defineStrings({
  name: 'picker',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
