import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useCatalogueBarcode } from '../api/queries';
import type { ScanMatch } from '../model/counter-index';

/** A code the counter's stock does not have: what the catalogue knows of it, and what to do next. */
export function UnknownCode({
  match,
  offline,
  onReceive,
}: {
  match: Extract<ScanMatch, { kind: 'unknown' }>;
  offline: boolean;
  onReceive: () => void;
}) {
  const { t } = useTranslation();
  const catalogue = useCatalogueBarcode(offline ? null : match.gtin);
  const product = catalogue.data;
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
      data-testid="store-mode-unknown"
      role="status"
    >
      {catalogue.isLoading ? (
        <p>{t('storeMode.unknown.looking')}</p>
      ) : product ? (
        <p>
          {t('storeMode.unknown.notInStock', { name: product.product.name, size: product.variant.label })}
        </p>
      ) : (
        <p>{t('storeMode.unknown.notFound', { code: match.code })}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {product && (
          <Button type="button" size="sm" onClick={onReceive}>
            {t('storeMode.unknown.receive')}
          </Button>
        )}
        <Button type="button" size="sm" variant="outline" asChild>
          <a href={`/dashboard/catalog?q=${encodeURIComponent(match.code)}`}>
            {t('storeMode.unknown.searchCatalogue')}
          </a>
        </Button>
      </div>
    </section>
  );
}
