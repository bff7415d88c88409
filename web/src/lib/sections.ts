import { SECTION_IDS, type SectionId } from '@sneakers/shared/sections';

export { SECTION_IDS, type SectionId };

/**
 * Older or alternative ids that open the same section. A Map: the id comes from the address,
 * and a plain object would answer `constructor` or `__proto__` with its prototype's members.
 */
export const SECTION_ALIASES: ReadonlyMap<string, SectionId> = new Map<string, SectionId>([
  ['matching', 'deals'],
  ['catalog-v2', 'catalog'],
  ['products', 'catalog'],
  ['inventory-v3', 'inventory'],
  ['data-population-v2', 'data-population'],
]);

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
const DETAIL_ROUTES: ReadonlyMap<string, { section: SectionId; kind: DetailKind }> = new Map(
  Object.entries({
    clients: { section: 'clients', kind: 'client' },
    providers: { section: 'providers', kind: 'provider' },
    'inventory-item': { section: 'inventory', kind: 'inventoryItem' },
    'virtual-product': { section: 'virtual-products', kind: 'virtualProduct' },
    'wtb-item': { section: 'wtb', kind: 'wtbItem' },
    'wtc-item': { section: 'wtc', kind: 'wtcItem' },
    'wts-item': { section: 'wts', kind: 'wtsItem' },
    sale: { section: 'sales', kind: 'sale' },
    payments: { section: 'payments', kind: 'payment' },
    order: { section: 'orders', kind: 'order' },
    bookings: { section: 'bookings', kind: 'booking' },
    offers: { section: 'offers', kind: 'offer' },
  } satisfies Record<string, { section: SectionId; kind: DetailKind }>),
);

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
  return SECTION_ALIASES.get(id);
}

/** A `/dashboard/...` path's location, or null when no section or detail page has that path. */
function locationOfPath(segments: readonly string[]): DashboardLocation | null {
  const [first, second, third, ...rest] = segments;
  if (!first) return { section: 'dashboard' };
  if (rest.length > 0) return null;
  const detailRoute = DETAIL_ROUTES.get(first);
  if (detailRoute?.kind === 'offer' && second === 'anonymous') {
    // /dashboard/offers/anonymous/<id>: an anonymous offer (their ids are their own).
    return third
      ? { section: 'offers', detail: { kind: 'anonymousOffer', id: third } }
      : { section: 'offers' };
  }
  if (detailRoute && second) {
    if (third === undefined)
      return { section: detailRoute.section, detail: { kind: detailRoute.kind, id: second } };
    if (detailRoute.kind === 'provider' && third === 'pickup')
      return { section: detailRoute.section, detail: { kind: 'providerPickup', id: second } };
    return null;
  }
  const section = toSectionId(first);
  return section && second === undefined ? { section } : null;
}

/**
 * Picks the section of the dashboard from the address: `?page=<id>` first (aliases
 * included), then the path (`/dashboard/clients`, `/dashboard/clients/<id>` ...). A path no
 * section or detail page has is null: the not-found page
 * (docs/product/dashboard-shell.md#the-page-query-parameter); an unknown `?page=` falls back
 * to the path.
 */
export function resolveDashboardLocation(pathname: string, search = ''): DashboardLocation | null {
  const fromQuery = toSectionId(new URLSearchParams(search).get('page'));
  let segments: string[];
  try {
    segments = pathname
      .replace(/^\/dashboard(?=\/|$)/, '')
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    // A malformed escape (`%E0%A4%A`) names nothing.
    segments = ['%'];
  }
  const location = locationOfPath(segments);
  if (fromQuery && fromQuery !== location?.section) return { section: fromQuery };
  return location;
}

/** Sections reachable by path; the others (admin, online-store) open with `?page=`. */
const PATH_SECTIONS = new Set<SectionId>(SECTION_IDS.filter((id) => id !== 'admin' && id !== 'online-store'));

export function sectionHref(id: SectionId): string {
  if (id === 'dashboard') return '/dashboard';
  return PATH_SECTIONS.has(id) ? `/dashboard/${id}` : `/dashboard?page=${id}`;
}
