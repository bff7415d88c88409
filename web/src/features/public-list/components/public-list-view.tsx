import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  ArrowUp,
  AtSign,
  LayoutGrid,
  Grid3x3,
  Mail,
  MapPin,
  MessageCircle,
  Search,
  SlidersHorizontal,
  ShoppingBag,
} from 'lucide-react';
import type { PublicItem, PublicOwner, ShareableListType } from '@sneakers/shared/contracts/lists';
import type { RatingSummary } from '@sneakers/shared/contracts/messaging';
import type { UserProfile } from '@sneakers/shared/contracts/profiles';
import { formatSize } from '@sneakers/shared/sizes';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/form';
import { useIsMobile } from '../../../lib/use-media-query';
import {
  brandOptions,
  columnsFor,
  filterPublicItems,
  hasActiveFilters,
  NO_FILTERS,
  sizeOptions,
  type CardSize,
  type PublicFilters,
} from '../model/filters';
import { selectionKey, type OfferContact, type Selection } from '../model/offer';
import { OwnerRating } from './owner-rating';
import { useOfferFlow } from './use-offer-flow';

// The offer flow loads when first opened: a visitor browsing the list never pays for it.
const OfferModal = lazy(() => import('./offer-modal').then((m) => ({ default: m.OfferModal })));
const FiltersSheet = lazy(() => import('./filters-sheet').then((m) => ({ default: m.FiltersSheet })));
const SuccessModal = lazy(() => import('./success-modal').then((m) => ({ default: m.SuccessModal })));
import { VirtualGrid } from './virtual-grid';

export const SCROLL_TOP_THRESHOLD_PX = 300;
const NO_ITEMS: readonly PublicItem[] = [];

function subscribeResize(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}
function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => 1024,
  );
}

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

/** True from the first time `value` is true. */
function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}

export interface PublicListViewProps {
  owner: PublicOwner;
  listType: ShareableListType;
  items: readonly PublicItem[];
  facets?: { sizes: string[]; brands: string[] };
  /** Whether every page is loaded (filters are only complete then). */
  complete: boolean;
  loadedCount: number;
  total?: number;
  onFiltersActive?: (active: boolean) => void;
  onEndReached?: () => void;
  /** Whether the make-offer flow is on (wtb/wtc and the viewer is not the owner). */
  canOffer: boolean;
  viewer: UserProfile | null;
  /** Opens a path of the app (the create-account invitation after an anonymous offer). */
  onNavigate?: (path: string) => void;
  footer?: ReactNode;
  /** The owner's rating under their name: null while it loads; absent, no rating line. */
  rating?: RatingSummary | null;
  /**
   * Messages the owner, about an item or (null) in general; absent, no Message buttons
   * (the owner's own list, the sample list).
   */
  onMessage?: (item: PublicItem | null) => void;
  /** A Message button's conversation is being opened. */
  messagePending?: boolean;
}

export function PublicListView(props: PublicListViewProps) {
  const { owner, listType, items, facets, complete, canOffer, viewer, onFiltersActive } = props;
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const width = useWindowWidth();
  const [filters, setFilters] = useState<PublicFilters>(NO_FILTERS);
  const [cardSize, setCardSize] = useState<CardSize>('normal');
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from the first opening on, so closing it still animates and keeps focus rules.
  const sheetLoaded = useLatch(sheetOpen);
  const [selected, setSelected] = useState<Map<string, Selection>>(() => new Map());
  const [success, setSuccess] = useState<{ invite: OfferContact | null } | null>(null);
  const scrolled = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  const active = hasActiveFilters(filters);
  useEffect(() => onFiltersActive?.(active), [active, onFiltersActive]);

  const shown = useMemo(() => filterPublicItems(items, filters), [items, filters]);
  // The cards render in a background pass after the header: the browser stays responsive
  // (typing in search included) while a phone builds them.
  const gridItems = useDeferredValue(shown, NO_ITEMS);
  const sizes = useMemo(() => sizeOptions(facets?.sizes, items), [facets, items]);
  const brands = useMemo(() => brandOptions(facets?.brands, items), [facets, items]);
  const columns = columnsFor(cardSize, width);
  const set = (patch: Partial<PublicFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const isSelected = useCallback(
    (itemId: string, size: string) => selected.has(selectionKey(itemId, size)),
    [selected],
  );
  const toggle = useCallback((item: PublicItem, size: string) => {
    setSelected((prev) => {
      const next = new Map(prev);
      const key = selectionKey(item.id, size);
      if (next.has(key)) next.delete(key);
      else next.set(key, { item, size });
      return next;
    });
  }, []);
  const selections = useMemo(() => [...selected.values()], [selected]);
  const offer = useOfferFlow(viewer, selections);

  const filterControls = (
    <>
      <div className="relative min-w-48 flex-1">
        <Search aria-hidden="true" className="absolute top-3 left-3 h-4 w-4 text-neutral-400" />
        <Input
          data-testid="public-search"
          aria-label={t('publicList.search')}
          placeholder={t('publicList.search')}
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
          className="pl-9"
        />
      </div>
      <Select
        data-testid="size-filter"
        aria-label={t('publicList.size')}
        value={filters.size}
        onChange={(e) => set({ size: e.target.value })}
        className="sm:w-40"
      >
        <option value="">{t('publicList.allSizes')}</option>
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s === 'BULK' ? t('publicList.bulk') : formatSize(s)}
          </option>
        ))}
      </Select>
      <Select
        data-testid="brand-filter"
        aria-label={t('publicList.brand')}
        value={filters.brand}
        onChange={(e) => set({ brand: e.target.value })}
        className="sm:w-44"
      >
        <option value="">{t('publicList.allBrands')}</option>
        {brands.map((b) => (
          <option key={b} value={b}>
            {b.toUpperCase()}
          </option>
        ))}
      </Select>
      <div className="flex gap-1" role="group" aria-label={t('publicList.cardSize')}>
        {(['normal', 'small'] as const).map((size) => (
          <Button
            key={size}
            size="icon"
            variant={cardSize === size ? 'secondary' : 'ghost'}
            data-testid={`card-size-${size}`}
            aria-pressed={cardSize === size}
            aria-label={t(`publicList.cardSizes.${size}`)}
            onClick={() => setCardSize(size)}
          >
            {size === 'normal' ? (
              <LayoutGrid aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Grid3x3 aria-hidden="true" className="h-4 w-4" />
            )}
          </Button>
        ))}
      </div>
      {active && (
        <Button variant="ghost" data-testid="clear-filters" onClick={() => setFilters(NO_FILTERS)}>
          {t('publicList.clearAll')}
        </Button>
      )}
    </>
  );

  return (
    <div className="mx-auto flex min-h-svh max-w-[1800px] flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3" data-testid="public-list-header">
        {owner.avatarUrl ? (
          <img src={owner.avatarUrl} alt="" className="h-14 w-14 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid h-14 w-14 place-items-center rounded-full bg-orange-100 text-xl font-bold text-orange-700 dark:bg-orange-950 dark:text-orange-300"
          >
            {owner.businessName.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-bold">{owner.businessName}</h1>
            <Badge tone="orange">{t(`roles.${owner.role}`)}</Badge>
            <Badge>{listType.toUpperCase()}</Badge>
          </div>
          {props.rating !== undefined && <OwnerRating summary={props.rating} />}
          {owner.location && (
            <span className="inline-flex items-center gap-1 text-sm text-neutral-500">
              <MapPin aria-hidden="true" className="h-3 w-3" />
              {owner.location}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ThemeToggle />
          {props.onMessage && (
            <Button
              size="sm"
              data-testid="message-owner"
              disabled={props.messagePending}
              onClick={() => props.onMessage?.(null)}
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {t('publicList.message.owner')}
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${owner.contactEmail}`} data-testid="contact-button">
              <Mail aria-hidden="true" className="h-4 w-4" />
              {t('publicList.contact')}
            </a>
          </Button>
          {owner.instagramHandle && (
            <Button asChild variant="outline" size="sm">
              <a
                href={`https://instagram.com/${owner.instagramHandle.replace(/^@/, '')}`}
                target="_blank"
                rel="noreferrer"
                data-testid="instagram-button"
              >
                <AtSign aria-hidden="true" className="h-4 w-4" />
                {t('publicList.instagram')}
              </a>
            </Button>
          )}
        </div>
      </header>
      {/* The landmarks let a screen reader jump from the store's header to its items. */}
      <main id="main-content" className="flex flex-1 flex-col gap-4">
        {!isMobile && (
          <div
            role="search"
            className="flex flex-wrap items-center gap-2"
            aria-label={t('publicList.filters')}
          >
            {filterControls}
          </div>
        )}
        {active && !complete && (
          <p role="status" data-testid="filter-progress" className="text-sm text-neutral-500">
            {t('publicList.loadingAll', { loaded: props.loadedCount, total: props.total ?? '…' })}
          </p>
        )}
        {shown.length === 0 ? (
          complete || !active ? (
            <p data-testid="no-items" className="p-8 text-center text-sm text-neutral-500">
              {t('publicList.noItems')}
            </p>
          ) : null
        ) : (
          <VirtualGrid
            items={gridItems}
            columns={columns}
            cardSize={cardSize}
            compactSizes={isMobile}
            selectable={canOffer}
            isSelected={isSelected}
            onToggle={toggle}
            onMessage={props.onMessage}
            messagePending={props.messagePending}
            onEndReached={props.onEndReached}
          />
        )}
        {props.footer}
        {isMobile && (
          <>
            <button
              type="button"
              data-testid="filters-fab"
              aria-label={t('publicList.filters')}
              onClick={() => setSheetOpen(true)}
              className="fixed bottom-4 left-4 z-30 grid h-12 w-12 place-items-center rounded-full bg-neutral-900 text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-900"
            >
              <SlidersHorizontal aria-hidden="true" className="h-5 w-5" />
              {active && (
                <span
                  data-testid="filters-dot"
                  className="absolute top-1 right-1 h-3 w-3 rounded-full bg-orange-500"
                />
              )}
            </button>
            {sheetLoaded && (
              <Suspense fallback={null}>
                <FiltersSheet open={sheetOpen} onOpenChange={setSheetOpen} resultCount={shown.length}>
                  {filterControls}
                </FiltersSheet>
              </Suspense>
            )}
            {scrolled && (
              <button
                type="button"
                data-testid="scroll-top"
                aria-label={t('publicList.scrollTop')}
                onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
                className="fixed right-4 bottom-20 z-30 grid h-11 w-11 place-items-center rounded-full bg-white shadow-lg dark:bg-neutral-800"
              >
                <ArrowUp aria-hidden="true" className="h-5 w-5" />
              </button>
            )}
          </>
        )}
        {canOffer && (
          // Until a size is picked the button says how to start instead of "Make offer (0)".
          <Button
            data-testid="make-offer"
            size="lg"
            variant={selections.length === 0 ? 'secondary' : 'default'}
            disabled={selections.length === 0}
            onClick={offer.openOffer}
            className="fixed right-4 bottom-4 z-30 h-auto min-h-12 max-w-[calc(100%-5.5rem)] rounded-full py-2 whitespace-normal shadow-lg disabled:opacity-100"
          >
            <ShoppingBag aria-hidden="true" className="h-5 w-5 shrink-0" />
            {selections.length === 0
              ? t('publicList.pickSizes')
              : t('publicList.makeOffer', { count: selections.length })}
          </Button>
        )}
        <Suspense fallback={null}>
          {offer.open && offer.form && canOffer && (listType === 'wtb' || listType === 'wtc') && (
            <OfferModal
              open={offer.open}
              onOpenChange={(open) => !open && offer.discard()}
              form={offer.form}
              onFormChange={offer.update}
              onStep={offer.goToStep}
              owner={owner}
              listType={listType}
              selections={selections}
              onRemove={(s) => toggle(s.item, s.size)}
              viewer={viewer}
              onSent={(contact, anonymous) => {
                offer.discard();
                setSelected(new Map());
                setSuccess({ invite: anonymous ? contact : null });
              }}
            />
          )}
          {success !== null && (
            <SuccessModal
              open
              onClose={() => setSuccess(null)}
              inviteContact={success.invite}
              onNavigate={props.onNavigate}
            />
          )}
        </Suspense>
      </main>
    </div>
  );
}
