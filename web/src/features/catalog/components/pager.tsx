import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../model/format';

/** Previous / Next with "Page 2 of 52" between them. */
export function Pager({
  page,
  pages,
  onPage,
  busy,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav
      aria-label={t('catalog.pager.label')}
      data-testid="catalog-pager"
      className="flex items-center justify-between gap-2 sm:justify-center sm:gap-4"
    >
      <Button
        variant="outline"
        size="sm"
        data-testid="catalog-prev"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        {t('catalog.pager.previous')}
      </Button>
      <span
        aria-live="polite"
        data-testid="catalog-page"
        className="text-sm text-neutral-600 dark:text-neutral-400"
      >
        {t('catalog.pager.page', {
          page: formatCount(page, i18n.language),
          pages: formatCount(pages, i18n.language),
        })}
      </span>
      <Button
        variant="outline"
        size="sm"
        data-testid="catalog-next"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {t('catalog.pager.next')}
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
