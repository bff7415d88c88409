import { fileURLToPath } from 'node:url';
import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { adminService } from './admin/src/service';
import { catalogFunction } from './catalog/src/functions/catalog';
import { catalogFetcherFunction } from './catalog/src/functions/catalog-fetcher';
import { catalogIngestFunction } from './catalog/src/functions/catalog-ingest';
import { catalogSearchFunction } from './catalog/src/functions/catalog-search';
import { commerceFunction } from './commerce/src/functions/commerce';
import { commerceFulfilmentFunction } from './commerce/src/functions/commerce-fulfilment';
import { commerceOrdersFunction } from './commerce/src/functions/commerce-orders';
import { commerceOverviewFunction } from './commerce/src/functions/commerce-overview';
import { crmFunction } from './crm/src/functions/crm';
import { flagsService } from './flags/src/service';
import { listsFunction } from './lists/src/functions/lists';
import { messagingFunction } from './messaging/src/functions/messaging';
import { notificationsService } from './notifications/src/service';
import { offersFunction } from './offers/src/functions/offers';
import { outboxFunction } from './outbox/src/functions/outbox';
import { profilesService } from './profiles/src/service';
import { providersFunction } from './providers/src/functions/providers';
import { realtimeFunction } from './realtime/src/functions/realtime';
import { settingsFunction } from './settings/src/functions/settings';

/**
 * Every deployed service: its definition (routes, consumers, WebSocket and stream duties)
 * and the Lambda entry file. The CDK app and the local cloud both read this list.
 */
export interface FunctionManifest {
  definition: FunctionDefinition;
  entry: string;
}

/** A function's entry file: `<domain>/src/functions/<function>.ts` (one file per Lambda function). */
const entry = (domain: string, fn = domain) =>
  fileURLToPath(new URL(`./${domain}/src/functions/${fn}.ts`, import.meta.url));

/** Domains not yet moved to the one shape (docs/adr/0017) keep their entry files until they are. */
const legacyEntry = (name: string, file = 'handler.ts') =>
  fileURLToPath(new URL(`./${name}/src/${file}`, import.meta.url));

export const functions: FunctionManifest[] = [
  { definition: settingsFunction, entry: entry('settings') },
  { definition: profilesService, entry: legacyEntry('profiles') },
  { definition: listsFunction, entry: entry('lists') },
  { definition: offersFunction, entry: entry('offers') },
  { definition: crmFunction, entry: entry('crm') },
  { definition: providersFunction, entry: entry('providers') },
  { definition: notificationsService, entry: legacyEntry('notifications') },
  { definition: realtimeFunction, entry: entry('realtime') },
  { definition: outboxFunction, entry: entry('outbox') },
  { definition: flagsService, entry: legacyEntry('flags') },
  { definition: adminService, entry: legacyEntry('admin') },
  // The catalog domain is four functions, each within the bundle budget (docs/adr/0012).
  { definition: catalogFunction, entry: entry('catalog') },
  { definition: catalogSearchFunction, entry: entry('catalog', 'catalog-search') },
  { definition: catalogIngestFunction, entry: entry('catalog', 'catalog-ingest') },
  { definition: catalogFetcherFunction, entry: entry('catalog', 'catalog-fetcher') },
  // The commerce domain is four functions, each within the bundle budget (docs/adr/0013).
  { definition: commerceFunction, entry: entry('commerce') },
  { definition: commerceOverviewFunction, entry: entry('commerce', 'commerce-overview') },
  { definition: commerceOrdersFunction, entry: entry('commerce', 'commerce-orders') },
  { definition: commerceFulfilmentFunction, entry: entry('commerce', 'commerce-fulfilment') },
  { definition: messagingFunction, entry: entry('messaging') },
];
