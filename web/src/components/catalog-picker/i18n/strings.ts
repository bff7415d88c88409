import { defineStrings } from '../../../i18n';

/**
 * The catalogue picker's strings: loaded with the picker's own chunk (lazy-catalog-picker.tsx),
 * so every form that shows it gets them without declaring them.
 */
export const catalogPickerStrings = defineStrings({
  name: 'catalog-picker',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
