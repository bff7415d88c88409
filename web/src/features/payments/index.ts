import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import type { ProviderBalanceCardProps } from '../../lib/widget-slots/provider-balance';
import { paymentsStrings } from './i18n/strings';

/**
 * The provider page's "balance owed" card with "Pay provider" (app/feature-widgets.tsx puts it
 * in its slot), in its own chunk with the payments strings.
 */
export const ProviderBalanceCard = lazyWithPreload<ProviderBalanceCardProps>(() =>
  withStrings(import('./components/provider-balance'), paymentsStrings).then((m) => m.ProviderBalanceCard),
);
