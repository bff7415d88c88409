/**
 * The commerce domain's HTTP contracts (services/commerce), one file per aggregate: sales,
 * virtual products, orders, shipments, payments and the overview.
 */
export * from './sales';
export * from './virtual-products';
export * from './orders';
export * from './shipments';
export * from './payments';
export * from './overview';
