import type { ReactNode } from 'react';
import { ProviderBalanceCard } from '../features/payments';
import { ItemPriceHistory } from '../features/pricing';
import { preloadSellDialog, SellDialog } from '../features/sales';
import { ShipmentsPanel } from '../features/shipments';
import { ApiKeysPanel, WebhooksPanel } from '../features/store-api';
import { ItemPriceHistoryProvider } from '../lib/widget-slots/item-price-history';
import { ProviderBalanceCardProvider } from '../lib/widget-slots/provider-balance';
import { ApiKeysPanelProvider, WebhooksPanelProvider } from '../lib/widget-slots/settings-panels';
import { SellDialogProvider } from '../lib/widget-slots/sell-dialog';
import { ShipmentsPanelProvider } from '../lib/widget-slots/shipments-panel';

const SELL_DIALOG = { Component: SellDialog, preload: preloadSellDialog };
const SHIPMENTS_PANEL = { Component: ShipmentsPanel, preload: ShipmentsPanel.preload };
const PROVIDER_BALANCE = { Component: ProviderBalanceCard, preload: ProviderBalanceCard.preload };
const API_KEYS_PANEL = { Component: ApiKeysPanel, preload: ApiKeysPanel.preload };
const WEBHOOKS_PANEL = { Component: WebhooksPanel, preload: WebhooksPanel.preload };
const ITEM_PRICE_HISTORY = { Component: ItemPriceHistory, preload: ItemPriceHistory.preload };

/**
 * Fills the widget slots (lib/widget-slots) with the features that own the widgets: the
 * inventory, consignments and virtual products open the sales feature's Sell dialog, the sale
 * detail shows the shipments panel, the provider page the payments balance card, Settings the
 * store API's panels, the item detail the pricing feature's price history.
 */
export function FeatureWidgets({ children }: { children: ReactNode }) {
  return (
    <SellDialogProvider value={SELL_DIALOG}>
      <ShipmentsPanelProvider value={SHIPMENTS_PANEL}>
        <ProviderBalanceCardProvider value={PROVIDER_BALANCE}>
          <ApiKeysPanelProvider value={API_KEYS_PANEL}>
            <WebhooksPanelProvider value={WEBHOOKS_PANEL}>
              <ItemPriceHistoryProvider value={ITEM_PRICE_HISTORY}>{children}</ItemPriceHistoryProvider>
            </WebhooksPanelProvider>
          </ApiKeysPanelProvider>
        </ProviderBalanceCardProvider>
      </ShipmentsPanelProvider>
    </SellDialogProvider>
  );
}
