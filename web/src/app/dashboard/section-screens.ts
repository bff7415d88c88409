import type { FeatureModule, SectionScreen, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';
import type { DashboardDetail, SectionId } from '../../lib/sections';
import { adminModule } from '../../features/admin/sections';
import { billingModule } from '../../features/billing/sections';
import { catalogModule } from '../../features/catalog/sections';
import { crmModule } from '../../features/crm/sections';
import { dealsModule } from '../../features/deals/sections';
import { flagsModule } from '../../features/flags/sections';
import { listsModule } from '../../features/lists/sections';
import { marketplaceToolsModule } from '../../features/marketplace-tools/sections';
import { messagingModule } from '../../features/messaging/sections';
import { migrationModule } from '../../features/migration/sections';
import { notificationsModule } from '../../features/notifications/sections';
import { offersModule } from '../../features/offers/sections';
import { pricingModule } from '../../features/pricing/sections';
import { providersModule } from '../../features/providers/sections';
import { ordersModule } from '../../features/orders/sections';
import { overviewModule } from '../../features/overview/sections';
import { paymentsModule } from '../../features/payments/sections';
import { salesModule } from '../../features/sales/sections';
import { settingsModule } from '../../features/settings/sections';
import { shipmentsModule } from '../../features/shipments/sections';
import { storeApiModule } from '../../features/store-api/sections';
import { storeModeModule } from '../../features/store-mode/sections';
import { storefrontModule } from '../../features/storefront/sections';
import { virtualProductsModule } from '../../features/virtual-products/sections';

/** Every feature that renders dashboard sections; a new feature adds its module here. */
export const FEATURE_MODULES: readonly FeatureModule[] = [
  settingsModule,
  listsModule,
  crmModule,
  providersModule,
  offersModule,
  notificationsModule,
  flagsModule,
  adminModule,
  catalogModule,
  marketplaceToolsModule,
  overviewModule,
  salesModule,
  ordersModule,
  virtualProductsModule,
  shipmentsModule,
  paymentsModule,
  messagingModule,
  billingModule,
  storeApiModule,
  storefrontModule,
  dealsModule,
  pricingModule,
  migrationModule,
  storeModeModule,
];

const PendingScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('./components/pending-section').then((m) => m.PendingSection),
);

/** Which module renders each section; two modules claiming one section is a wiring bug. */
export function sectionOwners(modules: readonly FeatureModule[]): Map<SectionId, FeatureModule> {
  const owners = new Map<SectionId, FeatureModule>();
  for (const module of modules) {
    for (const section of Object.keys(module.sections) as SectionId[]) {
      const other = owners.get(section);
      if (other) throw new Error(`Section '${section}' is claimed by both ${other.name} and ${module.name}`);
      owners.set(section, module);
    }
  }
  return owners;
}

const OWNERS = sectionOwners(FEATURE_MODULES);

/**
 * The lazily loaded screen of a section (and of its detail page, when the section's
 * module renders that kind). Sections and details no module claims share the honest
 * "not available yet" screen.
 */
export function screenForSection(section: SectionId, detail?: DashboardDetail): SectionScreen {
  const owner = OWNERS.get(section);
  const screen = owner?.sections[section];
  if (!owner || !screen) return PendingScreen;
  if (detail && !owner.details?.includes(detail.kind)) return PendingScreen;
  return screen;
}
