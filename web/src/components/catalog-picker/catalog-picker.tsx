import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@sneakers/shared';
import { Search } from 'lucide-react';
import { Button } from '../ui/button';
import { Input, inputClass } from '../ui/form';
import { useApi } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cn } from '../../lib/utils';
import { PLACEHOLDER_IMAGE } from '../../lib/placeholder-image';
import { formatBrand, formatName, formatSku } from '../../lib/item-format';
import { defaultOption, pickOf, sizeOptions, type CatalogPick } from './catalog-pick';
import { pickerProductOptions, pickerSearchOptions } from '../../lib/catalog-picker-queries';

export interface CatalogPickerProps {
  /** The current pick (null: searching). */
  value: CatalogPick | null;
  /** A pick, a size change, or null when the pick is cleared ("Change"). */
  onChange: (pick: CatalogPick | null) => void;
  /** "Enter details manually", with what was typed; without it the button is not offered. */
  onManual?: (query: string) => void;
  /** Sizes the form already holds: a pick starts on one of them when the product has it. */
  preferredSizes?: readonly string[];
  label?: string;
  /** The host's error for the product (e.g. the booking form's "Product is required"). */
  error?: string;
  disabled?: boolean;
  /** The host picks sizes itself (a virtual product offers several): no size select after a pick. */
  withoutSize?: boolean;
}

/** An image that falls back to the placeholder when the address fails. */
function ProductImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    if (event.currentTarget.src !== PLACEHOLDER_IMAGE) event.currentTarget.src = PLACEHOLDER_IMAGE;
  };
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt={alt}
      loading="lazy"
      onError={onError}
      className={cn('shrink-0 rounded-md bg-neutral-100 object-cover dark:bg-neutral-800', className)}
    />
  );
}

/**
 * The catalogue picker (docs/product/catalogue.md#catalogue-picker; a WAI-ARIA combobox with a
 * listbox): search as you type (300 ms debounce), arrow keys, Enter and Escape, the result
 * count announced; after a pick, the product's sizes (EU else US M).
 */
export function CatalogPicker(props: CatalogPickerProps) {
  const { value, onChange } = props;
  // Focus follows the switch between searching and the pick (never on the first render: an
  // edit form opens on its fields, not on the picker).
  const [moved, setMoved] = useState(false);
  const change = (pick: CatalogPick | null) => {
    setMoved(true);
    onChange(pick);
  };
  return value ? (
    <SelectedProduct {...props} value={value} onChange={change} focusOnMount={moved} />
  ) : (
    <ProductSearch {...props} onChange={change} focusOnMount={moved} />
  );
}

interface FocusProps {
  focusOnMount: boolean;
}

function ProductSearch({
  onChange,
  onManual,
  preferredSizes,
  label,
  error,
  disabled,
  focusOnMount,
}: CatalogPickerProps & FocusProps) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picking, setPicking] = useState<Product | null>(null);
  const typed = query.trim();
  const settled = useDebouncedValue(typed);
  const search = useQuery({ ...pickerSearchOptions(api, settled), enabled: settled.length > 0 && !picking });
  const current = typed.length > 0 && settled === typed;
  const products = current ? (search.data?.products ?? []) : [];
  const total = current ? (search.data?.total ?? 0) : 0;
  const loading = typed.length > 0 && (!current || (search.isFetching && !search.data));
  const failed = current && search.isError && !search.data;
  const empty = current && Boolean(search.data) && products.length === 0;
  const expanded = open && typed.length > 0 && !picking;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
    // Only on mount: the picker was just cleared with "Change".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new answer starts with no option active (Enter then picks nothing by surprise).
  useEffect(() => setActive(-1), [search.data, settled]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from the stable useId value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  // A dialog closes on Escape from its document's capture phase: while the list is open (or
  // the box holds text) Escape is the picker's, so it is claimed before the dialog sees it.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (inputRef.current?.value) {
        event.preventDefault();
        setQuery('');
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [expanded]);

  const choose = async (product: Product) => {
    setPicking(product);
    setOpen(false);
    try {
      const { variants } = await queryClient.fetchQuery(pickerProductOptions(api, product.id));
      onChange(pickOf(product, defaultOption(variants, preferredSizes)));
    } catch {
      // The sizes load again (and say so) where the pick is shown.
      onChange(pickOf(product, undefined));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = products.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        if (count > 0) setActive(event.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      if (count === 0) return;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Enter') {
      // Enter in the search box never submits the form around it.
      if (typed) event.preventDefault();
      const product = expanded ? products[active] : undefined;
      if (product) void choose(product);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const status = !typed
    ? ''
    : loading
      ? t('catalogPicker.searching')
      : failed
        ? t('catalogPicker.error')
        : empty
          ? t('catalogPicker.noResults', { query: typed })
          : current && search.data
            ? t('catalogPicker.results', { count: total })
            : '';

  return (
    <div className="flex flex-col gap-1.5" data-testid="catalog-picker">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label ?? t('catalogPicker.label')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-neutral-400"
        />
        <Input
          ref={inputRef}
          id={`${id}-input`}
          data-testid="catalog-picker-input"
          role="combobox"
          type="text"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={Boolean(error)}
          placeholder={t('catalogPicker.placeholder')}
          value={picking ? formatName(picking.name) : query}
          disabled={disabled || Boolean(picking)}
          className="pl-9"
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {expanded && (
          <div
            className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border border-neutral-200 bg-white shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
            // Clicks inside keep the focus (and the list) in the box.
            onMouseDown={(e) => e.preventDefault()}
          >
            <ul
              id={listId}
              role="listbox"
              aria-label={label ?? t('catalogPicker.label')}
              data-testid="catalog-picker-listbox"
              className="max-h-72 overflow-y-auto"
            >
              {products.map((product, index) => (
                <li
                  key={product.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  data-testid="catalog-picker-option"
                  onClick={() => void choose(product)}
                  onMouseMove={() => index !== active && setActive(index)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                    index === active && 'bg-orange-50 dark:bg-orange-950/40',
                  )}
                >
                  <ProductImage src={product.imageUrl} alt="" className="h-10 w-10" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{formatName(product.name)}</span>
                    <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
                      {[formatSku(product.sku), formatBrand(product.brand)].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            {(loading || failed || empty || total > products.length) && (
              <div className="flex flex-col items-start gap-2 px-3 py-2 text-sm text-neutral-600 dark:text-neutral-400">
                {loading && <p data-testid="catalog-picker-loading">{t('catalogPicker.searching')}</p>}
                {failed && (
                  <>
                    <p data-testid="catalog-picker-error" className="text-red-600 dark:text-red-400">
                      {t('catalogPicker.error')}
                    </p>
                    <Button variant="outline" size="sm" onClick={() => void search.refetch()}>
                      {t('catalogPicker.retry')}
                    </Button>
                  </>
                )}
                {empty && <p data-testid="catalog-picker-empty">{status}</p>}
                {!loading && total > products.length && (
                  <p>{t('catalogPicker.showing', { shown: products.length, total })}</p>
                )}
                {onManual && (failed || empty) && (
                  <Button
                    variant="outline"
                    size="sm"
                    data-testid="catalog-picker-manual-empty"
                    onClick={() => {
                      setOpen(false);
                      onManual(typed);
                    }}
                  >
                    {t('catalogPicker.manual')}
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('catalogPicker.hint')}
        </p>
        {onManual && (
          <button
            type="button"
            data-testid="catalog-picker-manual"
            onClick={() => onManual(typed)}
            className="text-xs font-medium text-orange-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-orange-400"
          >
            {t('catalogPicker.manual')}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" data-testid="catalog-picker-status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

function SelectedProduct({
  value,
  onChange,
  label,
  error,
  disabled,
  withoutSize,
  focusOnMount,
}: CatalogPickerProps & FocusProps & { value: CatalogPick }) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const changeRef = useRef<HTMLButtonElement>(null);
  const sizeRef = useRef<HTMLSelectElement>(null);
  const product = useQuery(pickerProductOptions(api, value.productCatalogId));
  const options = product.data ? sizeOptions(product.data.variants) : [];
  const name = formatName(value.name);

  useEffect(() => {
    // Just picked: on to the size (or to Change when the product has none to choose).
    if (focusOnMount)
      (sizeRef.current && !sizeRef.current.disabled ? sizeRef.current : changeRef.current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col gap-1.5" data-testid="catalog-picker">
      <span className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label ?? t('catalogPicker.label')}
      </span>
      <div
        data-testid="catalog-picker-selected"
        className="flex items-center gap-3 rounded-md border border-neutral-200 p-2 dark:border-neutral-700"
      >
        <ProductImage
          src={value.imageUrl}
          alt={t('catalogPicker.imageAlt', { name })}
          className="h-14 w-14"
        />
        <div className="flex min-w-0 flex-1 flex-col text-sm">
          <span className="truncate font-medium" data-testid="catalog-picker-selected-name">
            {name}
          </span>
          <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
            {[formatSku(value.sku), formatBrand(value.brand), value.colorway.trim()]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className="text-xs text-green-700 dark:text-green-400">{t('catalogPicker.linked')}</span>
        </div>
        <Button
          ref={changeRef}
          variant="outline"
          size="sm"
          data-testid="catalog-picker-change"
          aria-label={t('catalogPicker.changeLabel', { name })}
          disabled={disabled}
          onClick={() => onChange(null)}
        >
          {t('catalogPicker.change')}
        </Button>
      </div>
      {!withoutSize && (
        <label htmlFor={`${id}-size`} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {t('catalogPicker.size')}
        </label>
      )}
      {withoutSize ? null : product.isError ? (
        <p
          role="alert"
          data-testid="catalog-picker-size-error"
          className="text-xs text-red-600 dark:text-red-400"
        >
          {t('catalogPicker.sizeError')}
        </p>
      ) : product.data && options.length === 0 ? (
        <p data-testid="catalog-picker-no-sizes" className="text-xs text-neutral-600 dark:text-neutral-400">
          {t('catalogPicker.noSizes')}
        </p>
      ) : (
        <select
          ref={sizeRef}
          id={`${id}-size`}
          data-testid="catalog-picker-size"
          value={value.productVariantId ?? ''}
          disabled={disabled || !product.data}
          aria-invalid={Boolean(error)}
          className={cn(inputClass, 'px-2')}
          onChange={(e) => {
            const option = options.find((o) => o.variantId === e.target.value);
            if (product.data) onChange(pickOf(product.data.product, option));
          }}
        >
          {!product.data ? (
            <option value={value.productVariantId ?? ''}>{t('catalogPicker.sizeLoading')}</option>
          ) : (
            <>
              {!value.productVariantId && <option value="">{t('catalogPicker.chooseSize')}</option>}
              {options.map((option) => (
                <option key={option.variantId} value={option.variantId}>
                  {option.label}
                </option>
              ))}
            </>
          )}
        </select>
      )}
      {error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <p role="status" aria-live="polite" data-testid="catalog-picker-status" className="sr-only">
        {t('catalogPicker.selected', { name })}
      </p>
    </div>
  );
}
