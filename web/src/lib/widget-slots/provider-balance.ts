import { createWidgetSlot } from './create-widget-slot';

export interface ProviderBalanceCardProps {
  providerId: string;
}

/**
 * The payments feature's "balance owed" card with "Pay provider", which the provider page
 * shows. It loads its own chunk: render it inside a Suspense boundary.
 */
const providerBalanceSlot = createWidgetSlot<ProviderBalanceCardProps>('ProviderBalanceCard');

export const ProviderBalanceCardProvider = providerBalanceSlot.Provider;
export const ProviderBalanceCard = providerBalanceSlot.Slot;
