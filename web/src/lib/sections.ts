import { SECTION_IDS, type SectionId } from '@sneakers/shared/sections';
import { ownValue } from '@sneakers/shared/rules/own-key';

export { SECTION_IDS, type SectionId };

/** Older or alternative ids that open the same section. */
export const SECTION_ALIASES: Readonly<Record<string, SectionId>> = {
  matching: 'deals',
  'catalog-v2': 'catalog',
  products: 'catalog',
  'inventory-v3': 'inventory',
  'data-population-v2': 'data-population',
};

export type DetailKind =
  | 'client'
  | 'provider'
  | 'providerPickup'
  | 'inventoryItem'
  | 'virtualProduct'
  | 'wtbItem'
  | 'wtcItem'
  | 'wtsItem'
  | 'sale'
  | 'payment'
  | 'order'
  | 'booking'
  | 'offer'
  | 'anonymousOffer';

/** `/dashboard/<segment>/<id>` detail pages and the section each belongs to. */
const DETAIL_ROUTES: Readonly<Record<string, { section: SectionId; kind: DetailKind }>> = {
  clients: { section: 'clients', kind: 'client' },
  providers: { section: 'providers', kind: 'provider' },
  'inventory-item': { section: 'inventory', kind: 'inventoryItem' },
  'virtual-product': { section: 'virtual-products', kind: 'virtualProduct' },
  'wtb-item': { section: 'wtb', kind: 'wtbItem' },
  'wtc-item': { section: 'wtc', kind: 'wtcItem' },
  // WTS has no section of its own: it lives in Shareable Lists (docs/product/lists-and-public-lists.md#lists).
  'wts-item': { section: 'lists', kind: 'wtsItem' },
  sale: { section: 'sales', kind: 'sale' },
  payments: { section: 'payments', kind: 'payment' },
  order: { section: 'orders', kind: 'order' },
  bookings: { section: 'bookings', kind: 'booking' },
  offers: { section: 'offers', kind: 'offer' },
};

export interface DashboardDetail {
  kind: DetailKind;
  id: string;
}

export interface DashboardLocation {
  section: SectionId;
  detail?: DashboardDetail;
}

export function toSectionId(value: string | null | undefined): SectionId | undefined {
  if (!value) return undefined;
  const id = value.trim().toLowerCase();
  if ((SECTION_IDS as readonly string[]).includes(id)) return id as SectionId;
  return ownValue(SECTION_ALIASES, id);
}

/**
 * Picks the section of the dashboard from the address: `?page=<id>` first (aliases
 * included), then the path (`/dashboard/clients`, `/dashboard/clients/<id>` ...).
 * Anything unknown opens the overview.
 */
export function resolveDashboardLocation(pathname: string, search = ''): DashboardLocation {
  const fromQuery = toSectionId(new URLSearchParams(search).get('page'));
  const segments = pathname
    .replace(/^\/dashboard(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  const [first, second, third] = segments;

  let location: DashboardLocation = { section: toSectionId(first) ?? 'dashboard' };
  const detailRoute = first ? ownValue(DETAIL_ROUTES, first) : undefined;
  if (detailRoute?.kind === 'offer' && second === 'anonymous') {
    // /dashboard/offers/anonymous/<id>: an anonymous offer (their ids are their own).
    location = third
      ? { section: 'offers', detail: { kind: 'anonymousOffer', id: third } }
      : { section: 'offers' };
  } else if (detailRoute && second) {
    const kind: DetailKind =
      detailRoute.kind === 'provider' && third === 'pickup' ? 'providerPickup' : detailRoute.kind;
    location = { section: detailRoute.section, detail: { kind, id: second } };
  }
  if (fromQuery && fromQuery !== location.section) return { section: fromQuery };
  return location;
}

/** Sections reachable by path; the others (admin, online-store) open with `?page=`. */
const PATH_SECTIONS = new Set<SectionId>(SECTION_IDS.filter((id) => id !== 'admin' && id !== 'online-store'));

export function sectionHref(id: SectionId): string {
  if (id === 'dashboard') return '/dashboard';
  return PATH_SECTIONS.has(id) ? `/dashboard/${id}` : `/dashboard?page=${id}`;
}
