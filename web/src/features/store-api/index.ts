import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { storeApiStrings } from './i18n/strings';
import type { SettingsPanelProps } from '../../lib/widget-slots/settings-panels';

/**
 * Settings' API keys panel (app/feature-widgets.tsx puts it in the slot the settings section
 * renders), in its own chunk with the store-api strings.
 */
export const ApiKeysPanel = lazyWithPreload<SettingsPanelProps>(() =>
  withStrings(import('./components/api-keys-panel'), storeApiStrings).then((m) => m.ApiKeysPanel),
);

/** Settings' webhooks panel, in its own chunk with the store-api strings. */
export const WebhooksPanel = lazyWithPreload<SettingsPanelProps>(() =>
  withStrings(import('./components/webhooks-panel'), storeApiStrings).then((m) => m.WebhooksPanel),
);
