import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Lock, UserX } from 'lucide-react';
import {
  ApiError,
  OFFERABLE_LIST_TYPES,
  SHAREABLE_LIST_TYPES,
  type ShareableListType,
} from '@sneakers/shared';
import { PageScreen } from '../../../components/page-screen';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../auth';
import { usePublicFacets, usePublicList } from '../api/queries';
import { PublicListView } from '../components/public-list-view';

function Message({
  testId,
  icon,
  title,
  body,
  children,
}: {
  testId: string;
  icon?: ReactNode;
  title: string;
  body?: string;
  children?: ReactNode;
}) {
  return (
    <PageScreen>
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
    </PageScreen>
  );
}

/** /share/:userId/:listType — the public shareable list (spec section 2). */
export function PublicListPage() {
  const { t } = useTranslation();
  const params = useParams();
  const listType = params.listType?.toLowerCase() as ShareableListType;
  if (!params.userId || !(SHAREABLE_LIST_TYPES as readonly string[]).includes(listType))
    return (
      <Message
        testId="profile-not-found"
        title={t('publicList.notFound')}
        body={t('publicList.notFoundBody')}
      />
    );
  return <PublicList key={`${params.userId}/${listType}`} userId={params.userId} listType={listType} />;
}

function PublicList({ userId, listType }: { userId: string; listType: ShareableListType }) {
  const { t } = useTranslation();
  const session = useSession();
  const query = usePublicList(userId, listType);
  const facets = usePublicFacets(userId, listType, query.isSuccess);
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
          icon={<UserX aria-hidden="true" className="h-10 w-10 text-neutral-400" />}
          title={t('publicList.notFound')}
          body={t('publicList.notFoundBody')}
        />
      );
    if (error instanceof ApiError && error.status === 403)
      return (
        <Message
          testId="list-private"
          icon={<Lock aria-hidden="true" className="h-10 w-10 text-neutral-400" />}
          title={t('publicList.private', { list: listType.toUpperCase() })}
          body={t('publicList.privateBody')}
        />
      );
    return (
      <Message testId="list-load-error" title={t('publicList.loadError')}>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('lists.retry')}
        </Button>
      </Message>
    );
  }
  const owner = query.data.pages[0]!.owner;
  const viewer = session.status === 'signed-in' ? session.profile : null;
  const viewerId = session.status === 'signed-in' ? session.userId : null;
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
      footer={
        isFetchingNextPage ? (
          <p role="status" className="text-center text-sm text-neutral-500">
            {t('common.loading')}
          </p>
        ) : query.isFetchNextPageError ? (
          <Button variant="outline" className="self-center" onClick={loadMore}>
            {t('lists.retry')}
          </Button>
        ) : null
      }
    />
  );
}

/** /shareable-lists: the signed-in user's WTB share page; visitors sign in first. */
export function ShareableListsRedirect() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status !== 'signed-in') return <Navigate to="/auth" replace />;
  return <Navigate to={`/share/${encodeURIComponent(session.userId)}/wtb`} replace />;
}
