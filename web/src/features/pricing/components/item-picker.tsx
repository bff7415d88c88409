import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '@sneakers/shared';
import { Field, Input } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import { formatName, formatSku } from '../../../lib/item-format';
import { matchesSearch } from '../../../lib/item-search';
import { useMyItems } from '../api/queries';

const SHOWN = 8;

/**
 * The editor's optional single items (docs/product/pricing-strategies.md#screens): search the
 * chosen lists by name, brand or SKU and add items one by one; none means every item of the
 * lists and brands.
 */
export function ItemPicker({
  listTypes,
  itemIds,
  onChange,
  error,
}: {
  listTypes: readonly Item['listType'][];
  itemIds: readonly string[];
  onChange: (itemIds: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useMyItems(listTypes, search.trim() !== '' || itemIds.length > 0);
  const byId = useMemo(() => new Map((query.data ?? []).map((item) => [item.id, item])), [query.data]);
  const matches = useMemo(
    () =>
      search.trim() === ''
        ? []
        : (query.data ?? []).filter((item) => !itemIds.includes(item.id) && matchesSearch(item, search)),
    [query.data, search, itemIds],
  );
  const label = (item: Item | undefined, itemId: string) =>
    item ? `${formatName(item.name)} · ${formatSku(item.sku)}` : itemId;

  return (
    <div className="flex flex-col gap-2">
      <Field
        id={`${id}-search`}
        label={t('pricing.form.singleItems')}
        hint={t('pricing.form.singleItemsHint')}
        error={error}
      >
        <Input
          id={`${id}-search`}
          type="search"
          data-testid="pricing-item-search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field>
      {search.trim() !== '' && (
        <div aria-live="polite" className="text-sm">
          {query.isPending ? (
            <span className="text-neutral-500">{t('common.loading')}</span>
          ) : query.isError ? (
            <span role="alert" className="flex flex-wrap items-center gap-2">
              {t('pricing.form.itemsLoadError')}
              <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
                {t('errors.retry')}
              </Button>
            </span>
          ) : matches.length === 0 ? (
            <span className="text-neutral-500">{t('pricing.form.noItemMatches')}</span>
          ) : (
            <ul className="flex flex-col gap-1" aria-label={t('pricing.form.itemMatches')}>
              {matches.slice(0, SHOWN).map((item) => (
                <li key={item.id} className="flex min-w-0 items-center gap-2">
                  <span className="min-w-0 flex-1 break-words">{label(item, item.id)}</span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    data-testid="pricing-item-add"
                    aria-label={t('pricing.form.addItem', { name: formatName(item.name) })}
                    onClick={() => onChange([...itemIds, item.id])}
                  >
                    {t('pricing.form.addBrand')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {itemIds.length > 0 && (
        <ul
          className="flex flex-col gap-1 text-sm"
          aria-label={t('pricing.form.chosenItems')}
          data-testid="pricing-field-items"
        >
          {itemIds.map((itemId) => (
            <li key={itemId} className="flex min-w-0 items-center gap-2" data-testid="pricing-item-chosen">
              <span className="min-w-0 flex-1 break-words">{label(byId.get(itemId), itemId)}</span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={t('pricing.form.removeItem', { name: label(byId.get(itemId), itemId) })}
                onClick={() => onChange(itemIds.filter((i) => i !== itemId))}
              >
                {t('pricing.form.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
