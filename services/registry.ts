import { fileURLToPath } from 'node:url';
import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { adminFunction } from './admin/src/functions/admin';
import { catalogFetcherService } from './catalog/src/fetcher/service';
import { catalogIngestService } from './catalog/src/ingest-service';
import { catalogSearchService } from './catalog/src/search-service';
import { catalogService } from './catalog/src/service';
import { commerceFulfilmentService } from './commerce/src/fulfilment-service';
import { commerceOrdersService } from './commerce/src/orders-service';
import { commerceOverviewService } from './commerce/src/overview-service';
import { commerceService } from './commerce/src/service';
import { crmService } from './crm/src/service';
import { flagsFunction } from './flags/src/functions/flags';
import { listsService } from './lists/src/service';
import { messagingService } from './messaging/src/service';
import { notificationsFunction } from './notifications/src/functions/notifications';
import { offersService } from './offers/src/service';
import { outboxService } from './outbox/src/service';
import { profilesFunction } from './profiles/src/functions/profiles';
import { providersService } from './providers/src/service';
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
  { definition: profilesFunction, entry: entry('profiles') },
  { definition: listsService, entry: legacyEntry('lists') },
  { definition: offersService, entry: legacyEntry('offers') },
  { definition: crmService, entry: legacyEntry('crm') },
  { definition: providersService, entry: legacyEntry('providers') },
  { definition: notificationsFunction, entry: entry('notifications') },
  { definition: realtimeService, entry: legacyEntry('realtime') },
  { definition: outboxService, entry: legacyEntry('outbox') },
  { definition: flagsFunction, entry: entry('flags') },
  { definition: adminFunction, entry: entry('admin') },
  // The catalog domain is four functions, each within the bundle budget (docs/adr/0012).
  { definition: catalogService, entry: legacyEntry('catalog') },
  { definition: catalogSearchService, entry: legacyEntry('catalog', 'search-handler.ts') },
  { definition: catalogIngestService, entry: legacyEntry('catalog', 'ingest-handler.ts') },
  { definition: catalogFetcherService, entry: legacyEntry('catalog', 'fetcher/handler.ts') },
  // The commerce domain is four functions, each within the bundle budget (docs/adr/0013).
  { definition: commerceService, entry: legacyEntry('commerce') },
  { definition: commerceOverviewService, entry: legacyEntry('commerce', 'overview-handler.ts') },
  { definition: commerceOrdersService, entry: legacyEntry('commerce', 'orders-handler.ts') },
  { definition: commerceFulfilmentService, entry: legacyEntry('commerce', 'fulfilment-handler.ts') },
  { definition: messagingService, entry: legacyEntry('messaging') },
];
