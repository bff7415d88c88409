import { ANONYMOUS, type UserActor } from '@sneakers/shared/actor';
import { createMyProfile, getDemoProfile, getMyProfile } from '@sneakers/shared/contracts/profiles';
import { getComingSoonSettings, updateComingSoonSettings } from '@sneakers/shared/contracts/settings';
import { NotFoundError } from '@sneakers/shared/errors';
import { DEMO } from '@sneakers/shared/demo';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { migrateInventoryStatuses } from '../../../services/lists/src/published';
import { demoSessionDeps } from '../../../services/profiles/src/published';
import { ensureUser, type LocalUserPool } from '../cognito';
import { LOCAL_ADMIN } from '../names';
import { seedDemoCatalog } from './catalog';
import { seedDemoCommerce } from './commerce';
import { seedDemoCrm } from './crm';
import { seedDemoDeals } from './deals';
import { seedDemoFlags } from './flags';
import { DEMO_OWNER, invoke } from './invoke';
import { seedDemoItems } from './lists';
import { seedDemoMessaging } from './messaging';
import { seedDemoMigration } from './migration';
import { seedDemoOffers } from './offers';
import { seedDemoPricing } from './pricing';
import { seedDemoProviders } from './providers';
import { seedDemoStoreApi } from './store-api';
import { seedDemoStorefront } from './storefront';
import { seedDemoWebhooks } from './webhooks';

/**
 * The one demo seed (docs/product/demo-mode.md#demo-data): what Try Demo shows in every section.
 * A domain adds its sample data as one step below (see README.md in this folder), written
 * through its own routes. Every step checks first, so running it on every start changes
 * nothing the second time.
 */
export interface SeedResult {
  adminUserId: string;
  created: string[];
  /** Settles when the demo catalogue is complete (at once unless it is written in the background). */
  catalogComplete: Promise<void>;
}

export interface SeedOptions {
  /**
   * Write the demo catalogue's 450 other products and its images after the seed returns
   * (`npm start` is ready seconds sooner; the products the sample items use are written
   * first either way). Tests leave it off so the catalogue is complete before they run.
   */
  catalogInBackground?: boolean;
  /**
   * 'curated' writes only the products the sample items use, never the other 450 nor the
   * images: for a cloud whose tests read no catalogue (the scaffold check's). Default 'full'.
   */
  catalogue?: 'full' | 'curated';
  log?: (line: string) => void;
}

export async function seedDemo(pool: LocalUserPool, options: SeedOptions = {}): Promise<SeedResult> {
  const created: string[] = [];
  // Rows written before the item status model (docs/product/lists-and-public-lists.md#item-status):
  // inventory pairs saved `pending` become `available`; nothing to do on later starts.
  const { client, table } = tableAccess();
  const statuses = await migrateInventoryStatuses(client, table, new Date());
  if (statuses.migrated > 0) created.push(`inventory_statuses_${statuses.migrated}`);
  const adminUserId = await ensureUser(pool, {
    email: LOCAL_ADMIN.email,
    password: LOCAL_ADMIN.password,
    groups: ['superusers'],
  });
  const admin: UserActor = {
    kind: 'user',
    userId: adminUserId,
    email: LOCAL_ADMIN.email,
    isSuperuser: true,
    isDemo: false,
  };

  // Steps run side by side where one does not read what another writes: DynamoDB Local
  // applies one write at a time, but the functions' work and the waits overlap with it.
  const [, , , catalog] = await Promise.all([
    seedComingSoon(admin).then((wrote) => wrote && created.push('coming_soon_settings')),
    // The read-only identity Try Demo signs in as (provisioned now, so the first visitor
    // does not wait for it).
    demoSessionDeps().identity.signIn(),
    seedDemoProfile().then((wrote) => wrote && created.push('demo_profile')),
    // The demo catalogue's first products: the sample items and bookings point at them. The
    // rest of it is written last (or after the seed returns, see SeedOptions).
    seedDemoCatalog(admin),
  ]);
  const { links } = catalog;
  if ((await seedDemoItems(links)) > 0) created.push('demo_items');
  await Promise.all([
    seedDemoCrm(links).then((wrote) => wrote && created.push('demo_clients_and_bookings')),
    seedDemoProviders(links).then((wrote) => wrote && created.push('demo_providers_and_consignments')),
    seedDemoOffers().then((wrote) => wrote && created.push('demo_offers')),
    seedAdminProfile(admin).then((wrote) => wrote && created.push('admin_profile')),
    seedDemoFlags(admin).then((wrote) => wrote && created.push('sample_feature_flags')),
  ]);
  // Commerce sells the clients', providers' and offers' stock, so after them all.
  if (await seedDemoCommerce(links)) created.push('demo_commerce');
  // After commerce: its purchase order is of the accepted offer offers.ts made, not of these.
  if (await seedDemoMessaging()) created.push('demo_messaging');
  if (await seedDemoStoreApi()) created.push('demo_api_keys');
  // Last: the sales and orders above are not fanned out to the demo endpoint.
  if (await seedDemoWebhooks()) created.push('demo_webhooks');
  if (await seedDemoStorefront()) created.push('demo_storefront');
  if (await seedDemoDeals(links)) created.push('demo_deals');
  if (await seedDemoPricing()) created.push('demo_pricing');
  if (await seedDemoMigration()) created.push('demo_migration');
  // New domains add their step above this line (npm run new:service writes it).
  if (options.catalogue === 'curated') return { adminUserId, created, catalogComplete: Promise.resolve() };
  if (!options.catalogInBackground) {
    if (await catalog.writeRest()) created.push('demo_catalog');
    return { adminUserId, created, catalogComplete: Promise.resolve() };
  }
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const catalogComplete = catalog.writeRest().then(
    (wrote) => {
      if (wrote) log(`demo catalogue written in the background in ${Date.now() - started} ms`);
    },
    (error: unknown) =>
      log(`demo catalogue failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  return { adminUserId, created, catalogComplete };
}

async function seedComingSoon(admin: UserActor): Promise<boolean> {
  if ((await invoke(getComingSoonSettings, ANONYMOUS)).settings !== null) return false;
  // The row exists with its defaults but switched off, so the landing page shows
  // until an admin turns the coming-soon page on.
  await invoke(updateComingSoonSettings, admin, { body: { isEnabled: false } });
  return true;
}

async function seedDemoProfile(): Promise<boolean> {
  const hasProfile = await invoke(getDemoProfile, ANONYMOUS).then(
    () => true,
    (error: unknown) => {
      if (error instanceof NotFoundError) return false;
      throw error;
    },
  );
  if (hasProfile) return false;
  await invoke(createMyProfile, DEMO_OWNER, {
    body: {
      role: DEMO.role,
      businessName: DEMO.businessName,
      contactEmail: DEMO.email,
      phone: '+34 600000000',
      location: 'Madrid, Spain',
      instagramHandle: 'demosneakerstore',
      discord: null,
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: true,
      publicWtsList: false,
    },
  });
  return true;
}

/**
 * The local superuser's own store profile: without one the feature decision denies
 * everything (docs/product/feature-flags-and-access.md#decision-order: no user or profile
 * denies), and the dashboard would send them to onboarding instead of the admin and
 * feature-flag screens.
 */
async function seedAdminProfile(admin: UserActor): Promise<boolean> {
  const { profile } = await invoke(getMyProfile, admin);
  if (profile) return false;
  await invoke(createMyProfile, admin, {
    body: {
      role: 'store',
      businessName: 'Sneakers Admin',
      contactEmail: LOCAL_ADMIN.email,
      phone: '+34 600000001',
      location: 'Madrid, Spain',
      instagramHandle: null,
      discord: null,
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return true;
}
