import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, UserX } from 'lucide-react';
import { ApiError } from '@sneakers/shared/api-client';
import type { PublicItem, ShareableListType } from '@sneakers/shared/contracts/lists';
import { OFFERABLE_LIST_TYPES, SHAREABLE_LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import type { UserProfile } from '@sneakers/shared/contracts/profiles';
import { PageFrame } from '../../../components/page-frame';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useIdleAfter } from '../../../lib/use-idle';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { usePublicFacets, usePublicList, useStartConversation, useUserRating } from '../api/queries';
import { PublicListView } from './public-list-view';

function Message({
  testId,
  icon,
  title,
  body,
  children,
  onHome,
}: {
  testId: string;
  icon?: ReactNode;
  title: string;
  body?: string;
  children?: ReactNode;
  onHome: () => void;
}) {
  return (
    <PageFrame onHome={onHome}>
      <div
        data-testid={testId}
        role="alert"
        className="flex max-w-md flex-col items-center gap-3 text-center"
      >
        {icon}
        <h1 className="text-xl font-semibold">{title}</h1>
        {body && <p className="text-sm text-neutral-600 dark:text-neutral-400">{body}</p>}
        {children}
      </div>
    </PageFrame>
  );
}

export interface PublicListScreenProps {
  userId: string | undefined;
  /** As it appears in the URL (any case). */
  listType: string | undefined;
  /** The signed-in viewer, or null for a visitor. */
  viewerId: string | null;
  viewer: UserProfile | null;
  /** Opens a path of the app (the create-account invitation). */
  onNavigate: (path: string) => void;
}

/**
 * The public shareable list (docs/product/lists-and-public-lists.md#public-shareable-list) without the router or the auth session, so the
 * light share shell and the full app render the same screen.
 */
export function PublicListScreen({ userId, listType: rawType, ...rest }: PublicListScreenProps) {
  const home = () => rest.onNavigate('/');
  const { t } = useTranslation();
  const listType = rawType?.toLowerCase() as ShareableListType;
  if (!userId || !(SHAREABLE_LIST_TYPES as readonly string[]).includes(listType))
    return (
      <Message
        testId="profile-not-found"
        title={t('publicList.notFound')}
        body={t('publicList.notFoundBody')}
        onHome={home}
      />
    );
  return <PublicList key={`${userId}/${listType}`} userId={userId} listType={listType} {...rest} />;
}

function PublicList({
  userId,
  listType,
  viewerId,
  viewer,
  onNavigate,
}: Omit<PublicListScreenProps, 'listType' | 'userId'> & { userId: string; listType: ShareableListType }) {
  const { t } = useTranslation();
  const home = () => onNavigate('/');
  const query = usePublicList(userId, listType);
  // The filter options (every size and brand) and the owner's rating wait until the first
  // cards are painted.
  const idle = useIdleAfter(query.isSuccess);
  const facets = usePublicFacets(userId, listType, idle);
  const rating = useUserRating(userId, idle);
  const { mutate: startConversation, isPending: starting } = useStartConversation();
  // The cards are memoized: the Message callback stays the same while the page re-renders.
  const navigateRef = useRef(onNavigate);
  useEffect(() => {
    navigateRef.current = onNavigate;
  });
  const message = useCallback(
    (item: PublicItem | null) => {
      // A visitor signs in first and comes back to this list.
      if (viewerId === null) {
        navigateRef.current(`/auth?next=${encodeURIComponent(`/share/${userId}/${listType}`)}`);
        return;
      }
      startConversation(
        {
          partnerUserId: userId,
          relatedItem: item ? { ownerUserId: userId, listType, itemId: item.id } : null,
        },
        {
          onSuccess: (conversation) =>
            navigateRef.current(`/dashboard/messages?conversation=${encodeURIComponent(conversation.id)}`),
          onError: (error) => {
            if (isDemoRefusal(error)) return;
            void import('sonner').then(({ toast }) =>
              toast.error(t('publicList.message.failed'), {
                description: error instanceof ApiError ? error.message : t('errors.unexpected'),
              }),
            );
          },
        },
      );
    },
    [viewerId, userId, listType, startConversation, t],
  );
  const [filtersActive, setFiltersActive] = useState(false);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // While a filter is active, keep loading pages so the results are complete.
  useEffect(() => {
    if (filtersActive && !isError) loadMore();
  }, [filtersActive, isError, loadMore]);

  if (query.isPending) return <CenteredSpinner label={t('publicList.loading')} className="min-h-svh" />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404)
      return (
        <Message
          testId="profile-not-found"
          onHome={home}
          icon={<UserX aria-hidden="true" className="h-10 w-10 text-neutral-400" />}
          title={t('publicList.notFound')}
          body={t('publicList.notFoundBody')}
        />
      );
    if (error instanceof ApiError && error.status === 403)
      return (
        <Message
          testId="list-private"
          onHome={home}
          icon={<Lock aria-hidden="true" className="h-10 w-10 text-neutral-400" />}
          title={t('publicList.private', { list: listType.toUpperCase() })}
          body={t('publicList.privateBody')}
        />
      );
    return (
      <Message testId="list-load-error" title={t('publicList.loadError')} onHome={home}>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </Message>
    );
  }
  const owner = query.data.pages[0]!.owner;
  const canOffer =
    (OFFERABLE_LIST_TYPES as readonly string[]).includes(listType) && viewerId !== owner.userId;
  return (
    <PublicListView
      owner={owner}
      listType={listType}
      items={items}
      facets={facets.data}
      total={facets.data?.total}
      complete={!hasNextPage}
      loadedCount={items.length}
      onFiltersActive={setFiltersActive}
      onEndReached={loadMore}
      canOffer={canOffer}
      viewer={viewer}
      onNavigate={onNavigate}
      rating={rating.data ?? null}
      onMessage={viewerId === owner.userId ? undefined : message}
      messagePending={starting}
      footer={
        isFetchingNextPage ? (
          <p role="status" className="text-center text-sm text-neutral-500">
            {t('common.loading')}
          </p>
        ) : query.isFetchNextPageError ? (
          <Button variant="outline" className="self-center" onClick={loadMore}>
            {t('errors.retry')}
          </Button>
        ) : null
      }
    />
  );
}
