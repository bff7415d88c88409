import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import type { CatalogPickerProps } from './catalog-picker';
import { catalogPickerStrings } from './i18n/strings';

// The picker's code and strings load together, when a form first shows it: the lists and
// bookings chunks (and never the landing or a shared list) carry only this wrapper.
const LoadedPicker = lazyWithPreload<CatalogPickerProps>(() =>
  withStrings(import('./catalog-picker'), catalogPickerStrings).then((m) => m.CatalogPicker),
);

/** Starts loading the picker (a form about to open). */
export const preloadCatalogPicker = LoadedPicker.preload;

function PickerPlaceholder() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" data-testid="catalog-picker-loading-chunk" className="flex flex-col gap-1.5">
      <span className="sr-only">{t('common.loading')}</span>
      <div className="h-5 w-40 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" />
      <div className="h-10 animate-pulse rounded-md bg-neutral-100 dark:bg-neutral-800" />
    </div>
  );
}

export function CatalogPicker(props: CatalogPickerProps) {
  return (
    <Suspense fallback={<PickerPlaceholder />}>
      <LoadedPicker {...props} />
    </Suspense>
  );
}
