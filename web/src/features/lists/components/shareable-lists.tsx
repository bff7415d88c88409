import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SHAREABLE_LIST_TYPES, type ShareableListType, type UserProfile } from '@sneakers/shared';
import { isOnPublicPage } from '@sneakers/shared/rules/public-visibility';
import { NotAvailable } from '../../../components/not-available';
import { pageItems } from '../../../lib/page-items';
import { useMyItems } from '../api/queries';
import { ITEM_LIST_PATHS } from '../model/items';
import { ItemsList, useListsProfile } from './list-section';
import { ShareCard } from './share-card';

/** Where each list's items are managed. */
const MANAGE: Record<ShareableListType, string | null> = {
  wtb: `/dashboard/${ITEM_LIST_PATHS.wtb.section}`,
  wts: `/dashboard/${ITEM_LIST_PATHS.wts.section}`,
  wtc: `/dashboard/${ITEM_LIST_PATHS.wtc.section}`,
};

/**
 * Shareable Lists (docs/product/lists-and-public-lists.md#shareable-lists-section): every list
 * a user can share by link (WTB, WTS and WTC at /share/{userId}/{listType}), each with its
 * link, visibility and item count,
 * then the WTS items, which live here.
 */
export function ShareableListsPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const profile = useListsProfile();
  return (
    <div className="flex flex-col gap-6" data-testid="shareable-lists">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('lists.shareable.intro')}</p>
      </div>
      {profile ? (
        <>
          <div className="grid gap-4">
            {SHAREABLE_LIST_TYPES.map((listType) => (
              <ShareableList key={listType} profile={profile} listType={listType} />
            ))}
          </div>
          <section id="wts-items" aria-labelledby="wts-items-title" className="flex flex-col gap-4">
            <h2 id="wts-items-title" className="text-xl font-semibold">
              {t('lists.shareable.name.wts')}
            </h2>
            <ItemsList listType="wts" profile={profile} title={t('lists.shareable.name.wts')} share={false} />
          </section>
        </>
      ) : (
        <NotAvailable section={title} />
      )}
    </div>
  );
}

function ShareableList({ profile, listType }: { profile: UserProfile; listType: ShareableListType }) {
  const { t } = useTranslation();
  const query = useMyItems(listType);
  const items = useMemo(() => pageItems(query.data, (p) => p.items), [query.data]);
  const more = query.hasNextPage === true;
  // A private list shows visitors nothing, whatever its items say.
  const shown = items.filter((item) => isOnPublicPage(item, profile)).length;
  const name = t(`lists.shareable.name.${listType}`);
  const manage = MANAGE[listType];
  return (
    <ShareCard profile={profile} listType={listType} title={name}>
      <p
        className="text-sm text-neutral-600 dark:text-neutral-400"
        data-testid={`shareable-count-${listType}`}
      >
        {query.isPending
          ? t('common.loading')
          : query.isError
            ? t('lists.loadError')
            : [
                t(more ? 'lists.shareable.countMore' : 'lists.shareable.count', { count: items.length }),
                t(more ? 'lists.shareable.shownMore' : 'lists.shareable.shown', { count: shown }),
              ].join(' · ')}
      </p>
      {manage && (
        <Link
          to={manage.startsWith('#') ? { hash: manage } : manage}
          data-testid={`shareable-manage-${listType}`}
          className="text-sm font-medium text-orange-700 underline dark:text-orange-400"
        >
          {t('lists.shareable.manage', { list: name })}
        </Link>
      )}
    </ShareCard>
  );
}
