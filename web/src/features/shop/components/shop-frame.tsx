import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorefrontSizeSystem } from '@sneakers/shared/contracts/storefront';
import { SHOP_SIZE_SYSTEMS } from '../model/constants';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { buttonClass } from '../../../components/ui/button-styles';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { ShopLink } from './shop-nav';

const selectClass =
  'h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';
export { selectClass };

export const inputClass =
  'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base text-neutral-900 placeholder:text-neutral-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 aria-[invalid=true]:border-red-600 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

export function SizeSystemSwitch({
  value,
  onChange,
}: {
  value: StorefrontSizeSystem;
  onChange: (system: StorefrontSizeSystem) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="inline-flex items-center">
      <span className="sr-only">{t('shop.sizeSystem.label')}</span>
      <select
        data-testid="size-system"
        className={selectClass}
        value={value}
        onChange={(event) => {
          const next = SHOP_SIZE_SYSTEMS.find((system) => system === event.target.value);
          if (next) onChange(next);
        }}
      >
        {SHOP_SIZE_SYSTEMS.map((system) => (
          <option key={system} value={system}>
            {t(`shop.sizeSystem.${system}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The page around every store page: the store's name, the size system and language switches. */
export function ShopFrame({
  title,
  home,
  sizeSystem,
  onSizeSystem,
  children,
}: {
  title?: string;
  /** The storefront's path, linked from the title. */
  home?: string;
  sizeSystem?: StorefrontSizeSystem;
  onSizeSystem?: (system: StorefrontSizeSystem) => void;
  children: ReactNode;
}) {
  return (
    <div className="min-h-svh bg-white text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
      <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:px-6">
          <p className="min-w-0 flex-1 truncate text-base font-semibold">
            {title && home ? <ShopLink href={home}>{title}</ShopLink> : title}
          </p>
          {sizeSystem && onSizeSystem ? (
            <SizeSystemSwitch value={sizeSystem} onChange={onSizeSystem} />
          ) : null}
          <LanguageSwitcher testId="shop-language" />
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-3 pb-16 sm:px-6">{children}</main>
    </div>
  );
}

export function ShopLoading() {
  const { t } = useTranslation();
  return <CenteredSpinner label={t('shop.loading')} />;
}

export function ShopMessage({
  title,
  text,
  action,
  role = 'status',
}: {
  title?: string;
  text: string;
  action?: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <div
      role={role}
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 py-10 text-center"
    >
      {title ? <h1 className="text-xl font-semibold">{title}</h1> : null}
      <p className="text-neutral-700 dark:text-neutral-300">{text}</p>
      {action}
    </div>
  );
}

export function ShopError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ShopMessage
      role="alert"
      text={t('shop.error')}
      action={
        <button type="button" className={buttonClass()} onClick={onRetry}>
          {t('shop.retry')}
        </button>
      }
    />
  );
}

export function StoreNotFound() {
  const { t } = useTranslation();
  return <ShopMessage title={t('shop.notFound.title')} text={t('shop.notFound.text')} />;
}
