import { benchAccess } from './access';
import { benchBillingWebhook } from './billing-webhook';
import { benchBundles } from './bundles';
import { benchCatalogDetail } from './catalog-detail';
import { benchCatalogSearch } from './catalog-search';
import { benchCommerceOverview } from './commerce-overview';
import { benchCommerceSale } from './commerce-sale';
import { benchCrm } from './crm';
import { benchDeals } from './deals';
import { benchLanding } from './landing';
import { benchMessagingDelivery } from './messaging-delivery';
import { benchMessagingFanout } from './messaging-fanout';
import { benchMessagingList } from './messaging-list';
import { benchMigrationExport } from './migration-export';
import { benchMigrationImport } from './migration-import';
import { benchPlatform } from './platform';
import { benchPricing } from './pricing';
import { benchPublicList } from './public-list';
import { benchRouteSuites } from './route-suites';
import { benchStartAndApi } from './start-and-api';
import { benchStoreApiInventory } from './store-api-inventory';
import { benchStoreMode } from './store-mode';
import { benchStorefront } from './storefront';
import { benchWebhookFanout } from './webhook-fanout';

/**
 * `npm run bench`: prints the figures of every performance budget. Figures are printed,
 * not asserted: a timed test on a shared 2-core machine would be flaky, a printed
 * number is reviewed in the closing note.
 */
const only = process.argv.slice(2);
const run = (name: string) => only.length === 0 || only.includes(name);

console.log(
  `Benchmarks on ${process.platform}/${process.arch}, Node ${process.version}, ${new Date().toISOString()}`,
);
const bundles = run('bundles') ? await benchBundles() : undefined;
if (run('platform')) await benchPlatform(bundles);
if (run('start')) await benchStartAndApi();
if (run('landing')) await benchLanding();
if (run('list')) await benchPublicList();
if (run('crm')) await benchCrm();
if (run('suites')) await benchRouteSuites();
if (run('access')) await benchAccess();
if (run('catalog')) await benchCatalogSearch();
if (run('catalog-detail')) await benchCatalogDetail();
if (run('commerce-overview')) await benchCommerceOverview();
if (run('commerce-sale')) await benchCommerceSale();
if (run('messaging-delivery')) await benchMessagingDelivery();
if (run('messaging-fanout')) await benchMessagingFanout();
if (run('messaging-list')) await benchMessagingList();
if (run('billing-webhook')) await benchBillingWebhook();
if (run('store-api-inventory')) await benchStoreApiInventory();
if (run('webhook-fanout')) await benchWebhookFanout();
if (run('storefront')) await benchStorefront();
if (run('deals')) await benchDeals();
if (run('pricing')) await benchPricing();
if (run('migration-export')) await benchMigrationExport();
if (run('migration-import')) await benchMigrationImport();
if (run('store-mode')) await benchStoreMode();
