import { lazyWithPreload, type PreloadableComponent } from '../../../lib/lazy';
import type { DashboardDetail, SectionId } from '../model/sections';

export interface SectionScreenProps {
  section: SectionId;
  detail?: DashboardDetail;
  businessName: string;
}

const OverviewScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('./overview-section').then((m) => m.OverviewSection),
);
const SettingsScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('./settings-section').then((m) => m.SettingsSection),
);
const ListsScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('../../lists/routes/lists-section').then((m) => m.ListsSection),
);
const OffersScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('../../offers/components/offers-section').then((m) => m.OffersSection),
);
const NotificationsScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('../../notifications/components/notifications-section').then((m) => m.NotificationsSection),
);
const ProvidersScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('../../providers/routes/providers-section').then((m) => m.ProvidersSection),
);
const CrmScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('../../crm/routes/crm-section').then((m) => m.CrmSection),
);
const PendingScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('./pending-section').then((m) => m.PendingSection),
);

/**
 * The lazily loaded screen of each section. Sections whose issue has not landed share
 * the honest "not available yet" screen; each gets its own chunk when it lands.
 */
export function screenForSection(section: SectionId): PreloadableComponent<SectionScreenProps> {
  switch (section) {
    case 'dashboard':
      return OverviewScreen;
    case 'settings':
      return SettingsScreen;
    case 'inventory':
    case 'wtb':
    case 'wtc':
    case 'lists':
      return ListsScreen;
    case 'offers':
      return OffersScreen;
    case 'notifications':
      return NotificationsScreen;
    case 'providers':
      return ProvidersScreen;
    case 'clients':
    case 'bookings':
      return CrmScreen;
    default:
      return PendingScreen;
  }
}
