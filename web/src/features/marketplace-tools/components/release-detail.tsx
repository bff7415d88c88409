import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SCRAPER_PREVIEW_VARIANTS, type ReleaseItem } from '@sneakers/shared';
import { Dialog } from '../../../components/ui/dialog';
import { cell, formatEuro, mappingPreview } from '../model/releases';
import { JsonView } from './json-view';
import { ReleaseImage } from './release-image';

/** The scraper's detail panel of one release (docs/product/catalogue.md#scraper-test-page); closed when `release` is undefined. */
export function ReleaseDetail({
  release,
  onClose,
}: {
  release: ReleaseItem | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={release !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={release?.product.name ?? t('marketplaceTools.scraper.detail.title')}
      description={t('marketplaceTools.scraper.detail.title')}
      closeLabel={t('common.close')}
      testId="scraper-detail"
      className="max-w-4xl"
    >
      {release ? <DetailBody release={release} /> : null}
    </Dialog>
  );
}

function DetailBody({ release }: { release: ReleaseItem }) {
  const { t, i18n } = useTranslation();
  const { product } = release;
  const price = formatEuro(release.release.retailPrice, i18n.language);
  const fields: [string, ReactNode][] = [
    ['name', product.name],
    ['brand', product.brand],
    ['sku', product.sku],
    ['colorway', cell(product.colorway)],
    ['gender', cell(product.gender)],
    ['type', cell(product.productType)],
    ['slug', cell(product.marketplaceSlug)],
    ['releaseDate', cell(release.release.releaseDate)],
    ['retailPrice', price ?? t('marketplaceTools.scraper.table.notAvailable')],
    ['status', cell(release.release.status)],
  ];
  const preview = mappingPreview(release);
  const head = 'px-2 py-1.5 text-left text-xs font-medium text-neutral-600 dark:text-neutral-400';
  const td = 'px-2 py-1.5 tabular-nums';
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row">
        <ReleaseImage src={product.imageUrl} alt={product.name} className="h-32 w-44" />
        <dl data-testid="scraper-detail-fields" className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {fields.map(([key, value]) => (
            <div key={key} className="min-w-0">
              <dt className="text-xs text-neutral-600 dark:text-neutral-400">
                {t(`marketplaceTools.scraper.detail.${key}`)}
              </dt>
              <dd data-testid={`scraper-detail-${key}`} className="break-words">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <section className="flex min-w-0 flex-col gap-2">
        <h3 className="font-semibold">
          {t('marketplaceTools.scraper.detail.variants', { count: release.variants.length })}
        </h3>
        {release.variants.length === 0 ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('marketplaceTools.scraper.detail.noVariants')}
          </p>
        ) : (
          <div className="max-h-72 overflow-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
            <table data-testid="scraper-detail-variants" className="w-full text-sm">
              <thead className="sticky top-0 bg-neutral-50 dark:bg-neutral-900">
                <tr>
                  {(['label', 'usM', 'eu', 'usW', 'uk', 'jpCm', 'price'] as const).map((column) => (
                    <th key={column} scope="col" className={head}>
                      {t(`marketplaceTools.scraper.detail.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
                {release.variants.map((variant, index) => (
                  <tr key={`${variant.variantLabel}-${index}`} data-testid="scraper-variant-row">
                    <td className={`${td} font-medium`}>{variant.variantLabel.toUpperCase()}</td>
                    <td className={td}>{cell(variant.sizeData.usM)}</td>
                    <td className={td}>{cell(variant.sizeData.eu)}</td>
                    <td className={td}>{cell(variant.sizeData.usW)}</td>
                    <td className={td}>{cell(variant.sizeData.uk)}</td>
                    <td className={td}>{cell(variant.sizeData.jpCm)}</td>
                    <td className={td}>{formatEuro(variant.retailPrice, i18n.language) ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section data-testid="scraper-mapping" className="flex min-w-0 flex-col gap-2">
        <h3 className="font-semibold">{t('marketplaceTools.scraper.detail.mapping')}</h3>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('marketplaceTools.scraper.detail.mappingIntro', { count: SCRAPER_PREVIEW_VARIANTS })}
        </p>
        <h4 className="font-mono text-xs font-semibold">
          {t('marketplaceTools.scraper.detail.productsRow')}
        </h4>
        <JsonView value={preview.product} testId="scraper-mapping-product" />
        <h4 className="font-mono text-xs font-semibold">
          {t('marketplaceTools.scraper.detail.variantsRows', {
            count: preview.variants.length,
            total: release.variants.length,
          })}
        </h4>
        <JsonView value={preview.variants} testId="scraper-mapping-variants" />
      </section>
    </div>
  );
}
