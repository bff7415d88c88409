import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { paymentsStrings } from './i18n/strings';
import type { PayProviderDialogProps } from './components/pay-dialog';

export type { PayProviderDialogProps };

/**
 * The "Pay provider" dialog (the provider page uses it), in its own chunk with the payments
 * strings: render it inside a Suspense boundary, mounted when first opened.
 */
export const PayProviderDialog = lazyWithPreload<PayProviderDialogProps>(() =>
  withStrings(import('./components/pay-dialog'), paymentsStrings).then((m) => m.PayProviderDialog),
);

/** The provider page's "balance owed" card with "Pay provider"; same chunk and strings as the dialog. */
export const ProviderBalanceCard = lazyWithPreload<{ providerId: string }>(() =>
  withStrings(import('./components/provider-balance'), paymentsStrings).then((m) => m.ProviderBalanceCard),
);
