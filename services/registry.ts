import { fileURLToPath } from 'node:url';
import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { adminService } from './admin/src/service';
import { catalogFetcherService } from './catalog/src/fetcher/service';
import { catalogIngestService } from './catalog/src/ingest-service';
import { catalogSearchService } from './catalog/src/search-service';
import { catalogService } from './catalog/src/service';
import { commerceFulfilmentService } from './commerce/src/fulfilment-service';
import { commerceOrdersService } from './commerce/src/orders-service';
import { commerceOverviewService } from './commerce/src/overview-service';
import { commerceService } from './commerce/src/service';
import { crmService } from './crm/src/service';
import { flagsService } from './flags/src/service';
import { listsService } from './lists/src/service';
import { messagingService } from './messaging/src/service';
import { notificationsService } from './notifications/src/service';
import { offersService } from './offers/src/service';
import { outboxService } from './outbox/src/service';
import { profilesService } from './profiles/src/service';
import { providersService } from './providers/src/service';
import { realtimeService } from './realtime/src/service';
import { settingsService } from './settings/src/service';

/**
 * Every deployed service: its definition (routes, consumers, WebSocket and stream duties)
 * and the Lambda entry file. The CDK app and the local cloud both read this list.
 */
export interface FunctionManifest {
  definition: FunctionDefinition;
  entry: string;
}

/** A service's entry file: `<service>/src/handler.ts`, or another file of a service with several functions. */
const entry = (name: string, file = 'handler.ts') =>
  fileURLToPath(new URL(`./${name}/src/${file}`, import.meta.url));

export const functions: FunctionManifest[] = [
  { definition: settingsService, entry: entry('settings') },
  { definition: profilesService, entry: entry('profiles') },
  { definition: listsService, entry: entry('lists') },
  { definition: offersService, entry: entry('offers') },
  { definition: crmService, entry: entry('crm') },
  { definition: providersService, entry: entry('providers') },
  { definition: notificationsService, entry: entry('notifications') },
  { definition: realtimeService, entry: entry('realtime') },
  { definition: outboxService, entry: entry('outbox') },
  { definition: flagsService, entry: entry('flags') },
  { definition: adminService, entry: entry('admin') },
  // The catalog domain is four functions, each within the bundle budget (docs/adr/0012).
  { definition: catalogService, entry: entry('catalog') },
  { definition: catalogSearchService, entry: entry('catalog', 'search-handler.ts') },
  { definition: catalogIngestService, entry: entry('catalog', 'ingest-handler.ts') },
  { definition: catalogFetcherService, entry: entry('catalog', 'fetcher/handler.ts') },
  // The commerce domain is four functions, each within the bundle budget (docs/adr/0013).
  { definition: commerceService, entry: entry('commerce') },
  { definition: commerceOverviewService, entry: entry('commerce', 'overview-handler.ts') },
  { definition: commerceOrdersService, entry: entry('commerce', 'orders-handler.ts') },
  { definition: commerceFulfilmentService, entry: entry('commerce', 'fulfilment-handler.ts') },
  { definition: messagingService, entry: entry('messaging') },
];
