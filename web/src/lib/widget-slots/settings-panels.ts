import { createWidgetSlot } from './create-widget-slot';

/** The panels take nothing: each reads the signed-in store's own data. */
export type SettingsPanelProps = Record<never, never>;

/**
 * The store API feature's panels in Settings (API keys, webhooks): the settings section renders
 * them for store users, the store-api feature owns them. Each loads its own chunk: render it
 * inside a Suspense boundary.
 */
const apiKeysPanelSlot = createWidgetSlot<SettingsPanelProps>('ApiKeysPanel');

export const ApiKeysPanelProvider = apiKeysPanelSlot.Provider;
export const ApiKeysPanel = apiKeysPanelSlot.Slot;

const webhooksPanelSlot = createWidgetSlot<SettingsPanelProps>('WebhooksPanel');

export const WebhooksPanelProvider = webhooksPanelSlot.Provider;
export const WebhooksPanel = webhooksPanelSlot.Slot;
