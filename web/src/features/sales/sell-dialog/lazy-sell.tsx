import { Suspense } from 'react';
import { withStrings } from '../../../i18n';
import { lazyWithPreload } from '../../../lib/lazy';
import type { SellDialogProps } from '../../../lib/widget-slots/sell-dialog';
import { sellStrings } from './i18n/strings';

// The dialog's code and strings load together when a Sell button is first pressed: the app
// root carries only this wrapper (app/feature-widgets.tsx puts it in its slot).
const LoadedSellDialog = lazyWithPreload<SellDialogProps>(() =>
  withStrings(import('./sell-dialog'), sellStrings).then((m) => m.SellDialog),
);

/** Starts loading the dialog (a Sell button hovered or focused). */
export const preloadSellDialog = LoadedSellDialog.preload;

export function SellDialog(props: SellDialogProps) {
  // Nothing to show until something is being sold: the chunk is not fetched for a closed dialog.
  if (props.target === null) return null;
  return (
    <Suspense fallback={null}>
      <LoadedSellDialog {...props} />
    </Suspense>
  );
}
