import {
  Archive,
  ArrowRightLeft,
  Bell,
  BookOpen,
  CalendarCheck,
  CalendarDays,
  ClipboardList,
  Code,
  CreditCard,
  Database,
  Flag,
  Globe,
  HandCoins,
  Handshake,
  LayoutDashboard,
  MessageSquare,
  Package,
  PackageCheck,
  PackagePlus,
  Receipt,
  Ruler,
  Settings,
  Share2,
  Shield,
  ShoppingCart,
  Star,
  Store,
  Tag,
  Tags,
  TrendingUp,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ADMIN_FEATURES } from '@sneakers/shared/rules/feature-access';
import type { SectionId } from '../../../lib/sections';

export type NavGroupId = 'main' | 'inventory' | 'store' | 'sales' | 'communication' | 'tools' | 'admin';

export interface NavItem {
  id: SectionId;
  icon: LucideIcon;
  superuserOnly?: boolean;
}

export interface NavGroup {
  id: NavGroupId;
  items: readonly NavItem[];
}

export const SECTION_ICONS: Readonly<Record<SectionId, LucideIcon>> = {
  dashboard: LayoutDashboard,
  inventory: Package,
  wtb: ShoppingCart,
  wts: Tag,
  wtc: Archive,
  'virtual-products': PackagePlus,
  catalog: BookOpen,
  releases: CalendarDays,
  'size-chart': Ruler,
  clients: Users,
  bookings: CalendarCheck,
  providers: Truck,
  'store-mode': Store,
  'online-store': Globe,
  'pricing-strategies': Tags,
  orders: ClipboardList,
  sales: TrendingUp,
  payments: CreditCard,
  shipments: PackageCheck,
  offers: HandCoins,
  deals: Handshake,
  messages: MessageSquare,
  notifications: Bell,
  ratings: Star,
  'data-population': Database,
  'api-playground': Code,
  billing: Receipt,
  lists: Share2,
  'feature-flags': Flag,
  admin: Shield,
  'migration-tools': ArrowRightLeft,
  settings: Settings,
};

const item = (id: SectionId, extra: Partial<NavItem> = {}): NavItem => ({
  id,
  icon: SECTION_ICONS[id],
  ...extra,
});

/** The sidebar's sections in order (docs/product/dashboard-shell.md#groups); settings lives in the footer. */
export const NAV_GROUPS: readonly NavGroup[] = [
  { id: 'main', items: [item('dashboard')] },
  {
    id: 'inventory',
    items: [
      item('inventory'),
      item('wtb'),
      // A reseller sells: their WTS list has its own section like WTB and WTC
      // (docs/product/dashboard-shell.md#groups).
      item('wts'),
      item('wtc'),
      item('virtual-products'),
      item('catalog'),
      item('releases'),
      item('size-chart', { superuserOnly: true }),
    ],
  },
  {
    id: 'store',
    items: [
      item('clients'),
      item('bookings'),
      item('providers'),
      item('store-mode'),
      item('online-store'),
      item('pricing-strategies'),
    ],
  },
  {
    id: 'sales',
    items: [
      item('orders'),
      item('sales'),
      item('payments'),
      item('shipments'),
      item('offers'),
      item('deals'),
    ],
  },
  { id: 'communication', items: [item('messages'), item('notifications'), item('ratings')] },
  {
    id: 'tools',
    items: [
      item('lists'),
      item('data-population', { superuserOnly: true }),
      item('api-playground'),
      item('billing'),
    ],
  },
  { id: 'admin', items: [item('feature-flags'), item('admin'), item('migration-tools')] },
];

/** Features that open the Administration section (docs/product/dashboard-shell.md#visibility-rules; the shared decision's list). */
export { ADMIN_FEATURES };

export interface NavViewer {
  role: 'store' | 'reseller';
  isSuperuser: boolean;
  /** Feature access decision (lib/feature-access useFeatures().has); without it only superusers pass. */
  hasFeature?: (feature: string) => boolean;
  /** Whether every flag gating a section allows the viewer (useFeatures().canOpen); absent: all open. */
  canOpen?: (section: SectionId) => boolean;
}

/** The groups and items this viewer sees (docs/product/dashboard-shell.md#visibility-rules). */
export function visibleNavGroups(viewer: NavViewer, groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  const result: NavGroup[] = [];
  for (const group of groups) {
    if (group.id === 'store' && viewer.role !== 'store' && !viewer.isSuperuser) continue;
    if (group.id === 'admin' && !viewer.isSuperuser && !ADMIN_FEATURES.some((f) => viewer.hasFeature?.(f)))
      continue;
    const items = group.items.filter(
      (entry) =>
        // The dashboard is always there (docs/product/dashboard-shell.md#visibility-rules), whatever a flag gates.
        entry.id === 'dashboard' ||
        ((viewer.isSuperuser || !entry.superuserOnly) && (viewer.canOpen?.(entry.id) ?? true)),
    );
    if (items.length > 0) result.push({ ...group, items });
  }
  return result;
}

const sectionsOf = (groups: readonly NavGroup[]) => groups.flatMap((g) => g.items.map((i) => i.id));

/**
 * While a superuser impersonates (docs/product/dashboard-shell.md#impersonation-dimming): the superuser's sidebar is shown,
 * and these are its items the impersonated user would not see (dimmed, not clickable).
 */
export function sectionsHiddenFor(
  shown: NavViewer,
  target: NavViewer,
  groups: readonly NavGroup[] = NAV_GROUPS,
): Set<SectionId> {
  const theirs = new Set(sectionsOf(visibleNavGroups(target, groups)));
  return new Set(sectionsOf(visibleNavGroups(shown, groups)).filter((section) => !theirs.has(section)));
}
