// store.html's entry (statically in its bundle): every public store page and its strings.
export { ShopScreen, type ShopScreenProps } from './components/shop-screen';
export { takeInitialData, type InitialData } from './model/initial-data';
export { parseShopRoute, type ShopRoute } from './model/route';
export { shopStrings } from './i18n/strings';
export { shopDemoText } from './model/demo';
