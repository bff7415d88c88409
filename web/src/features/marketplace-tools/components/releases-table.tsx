import { useTranslation } from 'react-i18next';
import type { ReleaseItem } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatEuro, sizesSummary } from '../model/releases';
import { ReleaseImage } from './release-image';

/** The scraper's releases (docs/product/catalogue.md#scraper-test-page): one row per release, details on demand. */
export function ReleasesTable({
  releases,
  onView,
}: {
  releases: readonly ReleaseItem[];
  onView: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  if (releases.length === 0)
    return (
      <p data-testid="scraper-no-releases" className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('marketplaceTools.scraper.table.noReleases')}
      </p>
    );
  const head = 'px-3 py-2 text-left text-xs font-medium text-neutral-600 dark:text-neutral-400';
  const td = 'px-3 py-2 align-top';
  return (
    <div className="min-w-0 overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800">
      <table data-testid="scraper-releases" className="w-full text-sm">
        <caption className="sr-only">{t('marketplaceTools.scraper.table.caption')}</caption>
        <thead className="bg-neutral-50 dark:bg-neutral-900">
          <tr>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.image')}
            </th>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.product')}
            </th>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.brand')}
            </th>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.sku')}
            </th>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.releaseDate')}
            </th>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.retailPrice')}
            </th>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.sizes')}
            </th>
            <th scope="col" className={head}>
              {t('marketplaceTools.scraper.table.variants')}
            </th>
            <th scope="col" className={head}>
              <span className="sr-only">{t('marketplaceTools.scraper.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {releases.map((release, index) => {
            const { product } = release;
            const sizes = sizesSummary(release.sizes);
            const price = formatEuro(release.release.retailPrice, i18n.language);
            return (
              <tr key={`${product.sku}-${index}`} data-testid="scraper-release-row">
                <td className={td}>
                  <ReleaseImage src={product.imageUrl} alt={product.name} className="h-12 w-16" />
                </td>
                <td className={td}>
                  <p className="font-medium">{product.name}</p>
                  <p className="text-xs text-neutral-600 dark:text-neutral-400">{product.colorway}</p>
                  <p className="text-xs text-neutral-500 capitalize">
                    {[product.gender, product.productType].filter(Boolean).join(' · ')}
                  </p>
                </td>
                <td className={td}>{product.brand}</td>
                <td className={`${td} font-mono text-xs`}>{product.sku}</td>
                <td className={`${td} whitespace-nowrap`}>{release.release.releaseDate ?? '-'}</td>
                <td className={`${td} whitespace-nowrap`} data-testid="scraper-release-price">
                  {price ?? t('marketplaceTools.scraper.table.notAvailable')}
                </td>
                <td className={td}>
                  <div data-testid="scraper-release-sizes" className="flex flex-wrap gap-1">
                    {sizes.shown.map((size) => (
                      <Badge key={size}>{size}</Badge>
                    ))}
                    {sizes.more > 0 ? (
                      <Badge
                        tone="orange"
                        title={t('marketplaceTools.scraper.table.moreSizesLabel', { count: sizes.more })}
                      >
                        {t('marketplaceTools.scraper.table.moreSizes', { count: sizes.more })}
                      </Badge>
                    ) : null}
                  </div>
                </td>
                <td className={`${td} tabular-nums`} data-testid="scraper-release-variants">
                  {release.variants.length}
                </td>
                <td className={td}>
                  <Button
                    size="sm"
                    variant="outline"
                    data-testid="scraper-view-details"
                    onClick={() => onView(index)}
                  >
                    {t('marketplaceTools.scraper.table.viewDetails')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
