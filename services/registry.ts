import { fileURLToPath } from 'node:url';
import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { adminService } from './admin/src/service';
import { catalogFetcherService } from './catalog/src/fetcher/service';
import { catalogIngestService } from './catalog/src/ingest-service';
import { catalogSearchService } from './catalog/src/search-service';
import { catalogService } from './catalog/src/service';
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
import { outboxService } from './outbox/src/service';
import { profilesService } from './profiles/src/service';
import { providersFunction } from './providers/src/functions/providers';
import { realtimeService } from './realtime/src/service';
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
  { definition: realtimeService, entry: legacyEntry('realtime') },
  { definition: outboxService, entry: legacyEntry('outbox') },
  { definition: flagsService, entry: legacyEntry('flags') },
  { definition: adminService, entry: legacyEntry('admin') },
  // The catalog domain is four functions, each within the bundle budget (docs/adr/0012).
  { definition: catalogService, entry: legacyEntry('catalog') },
  { definition: catalogSearchService, entry: legacyEntry('catalog', 'search-handler.ts') },
  { definition: catalogIngestService, entry: legacyEntry('catalog', 'ingest-handler.ts') },
  { definition: catalogFetcherService, entry: legacyEntry('catalog', 'fetcher/handler.ts') },
  // The commerce domain is four functions, each within the bundle budget (docs/adr/0013).
  { definition: commerceFunction, entry: entry('commerce') },
  { definition: commerceOverviewFunction, entry: entry('commerce', 'commerce-overview') },
  { definition: commerceOrdersFunction, entry: entry('commerce', 'commerce-orders') },
  { definition: commerceFulfilmentFunction, entry: entry('commerce', 'commerce-fulfilment') },
  { definition: messagingFunction, entry: entry('messaging') },
];
