import { i18n } from '../../../i18n';

/** The demo toast's text (docs/product/demo-mode.md#demo-toast) from the shop's own strings: store.html does not load the app's. */
export const shopDemoText = (): string => i18n.t('shop.demo');
