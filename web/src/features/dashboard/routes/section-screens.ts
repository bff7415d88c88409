import type { FeatureModule, SectionScreen, SectionScreenProps } from '../../../lib/feature-module';
import { lazyWithPreload } from '../../../lib/lazy';
import type { DashboardDetail, SectionId } from '../../../lib/sections';
import { adminModule } from '../../admin/sections';
import { catalogModule } from '../../catalog/sections';
import { crmModule } from '../../crm/sections';
import { flagsModule } from '../../flags/sections';
import { listsModule } from '../../lists/sections';
import { marketplaceToolsModule } from '../../marketplace-tools/sections';
import { messagingModule } from '../../messaging/sections';
import { notificationsModule } from '../../notifications/sections';
import { offersModule } from '../../offers/sections';
import { providersModule } from '../../providers/sections';
import { ordersModule } from '../../orders/sections';
import { overviewModule } from '../../overview/sections';
import { paymentsModule } from '../../payments/sections';
import { salesModule } from '../../sales/sections';
import { shipmentsModule } from '../../shipments/sections';
import { virtualProductsModule } from '../../virtual-products/sections';
import { dashboardModule } from '../sections';

/** Every feature that renders dashboard sections; a new feature adds its module here. */
export const FEATURE_MODULES: readonly FeatureModule[] = [
  dashboardModule,
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
];

const PendingScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('./pending-section').then((m) => m.PendingSection),
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
