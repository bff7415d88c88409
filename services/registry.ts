import { fileURLToPath } from 'node:url';
import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { adminFunction } from './admin/src/functions/admin';
import { billingFunction } from './billing/src/functions/billing';
import { billingEventsFunction } from './billing/src/functions/billing-events';
import { catalogFunction } from './catalog/src/functions/catalog';
import { catalogFetcherFunction } from './catalog/src/functions/catalog-fetcher';
import { catalogIngestFunction } from './catalog/src/functions/catalog-ingest';
import { catalogMarketFunction } from './catalog/src/functions/catalog-market';
import { catalogSearchFunction } from './catalog/src/functions/catalog-search';
import { commerceFunction } from './commerce/src/functions/commerce';
import { commerceFulfilmentFunction } from './commerce/src/functions/commerce-fulfilment';
import { commerceOrdersFunction } from './commerce/src/functions/commerce-orders';
import { commerceOverviewFunction } from './commerce/src/functions/commerce-overview';
import { commercePortabilityFunction } from './commerce/src/functions/commerce-portability';
import { crmFunction } from './crm/src/functions/crm';
import { crmPortabilityFunction } from './crm/src/functions/crm-portability';
import { dealsFunction } from './deals/src/functions/deals';
import { dealsMatcherFunction } from './deals/src/functions/deals-matcher';
import { dealsDigestFunction } from './deals/src/functions/deals-digest';
import { flagsFunction } from './flags/src/functions/flags';
import { flagsPortabilityFunction } from './flags/src/functions/flags-portability';
import { listsFunction } from './lists/src/functions/lists';
import { listsPortabilityFunction } from './lists/src/functions/lists-portability';
import { messagingFunction } from './messaging/src/functions/messaging';
import { migrationFunction } from './migration/src/functions/migration';
import { migrationExportFunction } from './migration/src/functions/migration-export';
import { migrationWorkerFunction } from './migration/src/functions/migration-worker';
import { notificationsFunction } from './notifications/src/functions/notifications';
import { offersFunction } from './offers/src/functions/offers';
import { outboxFunction } from './outbox/src/functions/outbox';
import { tableStreamFunction } from './outbox/src/functions/table-stream';
import { pricingFunction } from './pricing/src/functions/pricing';
import { pricingAutoFunction } from './pricing/src/functions/pricing-auto';
import { profilesFunction } from './profiles/src/functions/profiles';
import { providersFunction } from './providers/src/functions/providers';
import { providersPortabilityFunction } from './providers/src/functions/providers-portability';
import { realtimeFunction } from './realtime/src/functions/realtime';
import { settingsFunction } from './settings/src/functions/settings';
import { storeApiFunction } from './store-api/src/functions/store-api';
import { storeApiAuthorizerFunction } from './store-api/src/functions/store-api-authorizer';
import { storeApiReferenceFunction } from './store-api/src/functions/store-api-reference';
import { storeApiWebhooksFunction } from './store-api/src/functions/store-api-webhooks';
import { webhookSenderFunction } from './store-api/src/functions/webhook-sender';
import { storeModeFunction } from './store-mode/src/functions/store-mode';
import { storefrontFunction } from './storefront/src/functions/storefront';
import { storefrontCatalogFunction } from './storefront/src/functions/storefront-catalog';
import { storefrontCheckoutFunction } from './storefront/src/functions/storefront-checkout';
import { storefrontNotifyFunction } from './storefront/src/functions/storefront-notify';
import { storefrontPublicFunction } from './storefront/src/functions/storefront-public';
import { storefrontPortabilityFunction } from './storefront/src/functions/storefront-portability';
import { storeApiPortabilityFunction } from './store-api/src/functions/store-api-portability';
import { pricingPortabilityFunction } from './pricing/src/functions/pricing-portability';
import { offersPortabilityFunction } from './offers/src/functions/offers-portability';
import { notificationsPortabilityFunction } from './notifications/src/functions/notifications-portability';
import { messagingPortabilityFunction } from './messaging/src/functions/messaging-portability';
import { dealsPortabilityFunction } from './deals/src/functions/deals-portability';

/**
 * Every deployed Lambda function: its definition (routes, consumers, schedules, WebSocket and
 * stream duties, access) and its entry file. The CDK app and the local cloud both read this
 * list; each domain declares its functions in services/<domain>/src/functions/ (ADR 0017).
 */
export interface FunctionManifest {
  definition: FunctionDefinition;
  entry: string;
}

/** A function's entry file: `<domain>/src/functions/<function>.ts` (one file per Lambda function). */
const entry = (domain: string, fn = domain) =>
  fileURLToPath(new URL(`./${domain}/src/functions/${fn}.ts`, import.meta.url));

export const functions: FunctionManifest[] = [
  { definition: settingsFunction, entry: entry('settings') },
  { definition: listsFunction, entry: entry('lists') },
  // Items' data portability, invoked by the migration domain (shared/src/contracts/portability.ts).
  { definition: listsPortabilityFunction, entry: entry('lists', 'lists-portability') },
  { definition: offersFunction, entry: entry('offers') },
  { definition: crmFunction, entry: entry('crm') },
  // The migration tools' calls on clients and bookings (shared/src/contracts/portability.ts).
  { definition: crmPortabilityFunction, entry: entry('crm', 'crm-portability') },
  { definition: providersFunction, entry: entry('providers') },
  // The migration tools' calls on providers and consignments (shared/src/contracts/portability.ts).
  { definition: providersPortabilityFunction, entry: entry('providers', 'providers-portability') },
  { definition: realtimeFunction, entry: entry('realtime') },
  { definition: outboxFunction, entry: entry('outbox') },
  // The table stream's one reader, fanning out to every `stream` function (docs/adr/0029).
  { definition: tableStreamFunction, entry: entry('outbox', 'table-stream') },
  { definition: profilesFunction, entry: entry('profiles') },
  { definition: notificationsFunction, entry: entry('notifications') },
  { definition: flagsFunction, entry: entry('flags') },
  { definition: adminFunction, entry: entry('admin') },
  // The catalog domain is four functions, each within the bundle budget (docs/adr/0012).
  { definition: catalogFunction, entry: entry('catalog') },
  { definition: catalogSearchFunction, entry: entry('catalog', 'catalog-search') },
  { definition: catalogIngestFunction, entry: entry('catalog', 'catalog-ingest') },
  { definition: catalogFetcherFunction, entry: entry('catalog', 'catalog-fetcher') },
  // Market data for pricing runs, refreshed through catalog-fetcher (services/catalog/README.md).
  { definition: catalogMarketFunction, entry: entry('catalog', 'catalog-market') },
  // The commerce domain is four functions, each within the bundle budget (docs/adr/0013).
  { definition: commerceFunction, entry: entry('commerce') },
  { definition: commerceOverviewFunction, entry: entry('commerce', 'commerce-overview') },
  // Past sales for the migration tools and the account's erase (shared/src/contracts/portability.ts).
  { definition: commercePortabilityFunction, entry: entry('commerce', 'commerce-portability') },
  { definition: commerceOrdersFunction, entry: entry('commerce', 'commerce-orders') },
  { definition: commerceFulfilmentFunction, entry: entry('commerce', 'commerce-fulfilment') },
  { definition: messagingFunction, entry: entry('messaging') },
  { definition: billingFunction, entry: entry('billing') },
  { definition: billingEventsFunction, entry: entry('billing', 'billing-events') },
  { definition: storeApiFunction, entry: entry('store-api') },
  { definition: storeApiAuthorizerFunction, entry: entry('store-api', 'store-api-authorizer') },
  { definition: storeApiReferenceFunction, entry: entry('store-api', 'store-api-reference') },
  // Outgoing webhooks: routes and fan-out, and the queue's sender (docs/adr/0025).
  { definition: storeApiWebhooksFunction, entry: entry('store-api', 'store-api-webhooks') },
  { definition: webhookSenderFunction, entry: entry('store-api', 'webhook-sender') },
  { definition: storefrontFunction, entry: entry('storefront') },
  { definition: storefrontPublicFunction, entry: entry('storefront', 'storefront-public') },
  { definition: storefrontCatalogFunction, entry: entry('storefront', 'storefront-catalog') },
  { definition: storefrontCheckoutFunction, entry: entry('storefront', 'storefront-checkout') },
  { definition: storefrontNotifyFunction, entry: entry('storefront', 'storefront-notify') },
  { definition: dealsFunction, entry: entry('deals') },
  { definition: dealsMatcherFunction, entry: entry('deals', 'deals-matcher') },
  { definition: dealsDigestFunction, entry: entry('deals', 'deals-digest') },
  { definition: pricingFunction, entry: entry('pricing') },
  { definition: pricingAutoFunction, entry: entry('pricing', 'pricing-auto') },
  { definition: migrationFunction, entry: entry('migration') },
  { definition: migrationWorkerFunction, entry: entry('migration', 'migration-worker') },
  // Export archives, built in the background with Lambda's longest timeout.
  { definition: migrationExportFunction, entry: entry('migration', 'migration-export') },
  // Erase-only members of the portability protocol: the account deletion's steps in the
  // domains that own per-user rows but no portable kind (ERASE_ONLY_SERVICES, docs/adr/0032).
  { definition: storeApiPortabilityFunction, entry: entry('store-api', 'store-api-portability') },
  { definition: storefrontPortabilityFunction, entry: entry('storefront', 'storefront-portability') },
  { definition: offersPortabilityFunction, entry: entry('offers', 'offers-portability') },
  { definition: messagingPortabilityFunction, entry: entry('messaging', 'messaging-portability') },
  { definition: pricingPortabilityFunction, entry: entry('pricing', 'pricing-portability') },
  { definition: dealsPortabilityFunction, entry: entry('deals', 'deals-portability') },
  { definition: flagsPortabilityFunction, entry: entry('flags', 'flags-portability') },
  {
    definition: notificationsPortabilityFunction,
    entry: entry('notifications', 'notifications-portability'),
  },
  { definition: storeModeFunction, entry: entry('store-mode') },
];
