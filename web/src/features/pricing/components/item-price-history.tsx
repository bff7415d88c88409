import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { pageItems } from '../../../lib/page-items';
import type { ItemPriceHistoryProps } from '../../../lib/widget-slots/item-price-history';
import { useItemPriceHistory } from '../api/queries';
import { money, type Words } from '../model/describe';

/**
 * An item's price changes made by strategies (docs/product/pricing-strategies.md#screens), for
 * the item detail: which strategy, before → after, when, auto or a person, and whether undone.
 */
export function ItemPriceHistory({ itemId }: ItemPriceHistoryProps) {
  const { t, i18n } = useTranslation();
  const query = useItemPriceHistory(itemId);
  const changes = useMemo(() => pageItems(query.data, (page) => page.changes), [query.data]);
  const title = t('pricing.itemHistory.title');
  return (
    <section
      aria-labelledby="item-price-history-title"
      className="flex flex-col gap-3"
      data-testid="item-price-history"
    >
      <h2 id="item-price-history-title" className="text-lg font-semibold">
        {title}
      </h2>
      <PagedList
        query={query}
        items={changes}
        getKey={(change) => `${change.runId}-${change.at}`}
        label={title}
        testId="item-price-history"
        rowTestId="item-price-change"
        rowAttributes={(change) => ({ 'data-undone': String(change.undoneAt !== null) })}
        errorText={t('pricing.itemHistory.loadError')}
        empty={t('pricing.itemHistory.empty')}
        renderItem={(change) => {
          const words: Words = { t, language: i18n.language, currency: change.currency };
          const price = (cents: number | null) => (cents === null ? '—' : money(words, cents));
          return (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="font-semibold break-words">{change.strategyName}</span>
              <span
                data-testid="item-price-change-prices"
                className={change.undoneAt ? 'line-through' : undefined}
              >
                {price(change.before)} → {price(change.after)}
              </span>
              <span className="text-neutral-600 dark:text-neutral-400">
                {new Date(change.at).toLocaleString(i18n.language)}
              </span>
              <span className="text-neutral-600 dark:text-neutral-400">
                {change.trigger === 'auto' ? t('pricing.itemHistory.auto') : t('pricing.itemHistory.byUser')}
              </span>
              {change.undoneAt && (
                <Badge data-testid="item-price-change-undone">{t('pricing.itemHistory.undone')}</Badge>
              )}
            </div>
          );
        }}
      />
    </section>
  );
}
