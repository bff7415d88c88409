import { fileURLToPath } from 'node:url';
import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { adminService } from './admin/src/service';
import { catalogFunction } from './catalog/src/functions/catalog';
import { catalogFetcherFunction } from './catalog/src/functions/catalog-fetcher';
import { catalogIngestFunction } from './catalog/src/functions/catalog-ingest';
import { catalogSearchFunction } from './catalog/src/functions/catalog-search';
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
import { outboxFunction } from './outbox/src/functions/outbox';
import { profilesService } from './profiles/src/service';
import { providersService } from './providers/src/service';
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
  { definition: listsService, entry: legacyEntry('lists') },
  { definition: offersService, entry: legacyEntry('offers') },
  { definition: crmService, entry: legacyEntry('crm') },
  { definition: providersService, entry: legacyEntry('providers') },
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
  { definition: commerceService, entry: legacyEntry('commerce') },
  { definition: commerceOverviewService, entry: legacyEntry('commerce', 'overview-handler.ts') },
  { definition: commerceOrdersService, entry: legacyEntry('commerce', 'orders-handler.ts') },
  { definition: commerceFulfilmentService, entry: legacyEntry('commerce', 'fulfilment-handler.ts') },
  { definition: messagingService, entry: legacyEntry('messaging') },
];
