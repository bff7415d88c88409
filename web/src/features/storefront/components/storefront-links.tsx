import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { ShareLinkCard } from '../../../components/share-link-card';
import { buttonClass } from '../../../components/ui/button-styles';

/** Where integrators read the store API (docs/product/store-api.md#v1-routes). */
export const API_REFERENCE_PATH = '/api-reference';

/** The storefront's link with Copy and a QR code, a Preview in a new tab, and the API reference. */
export function StorefrontLinks({ path, enabled }: { path: string; enabled: boolean }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${path}`;
  return (
    <ShareLinkCard
      url={url}
      texts={{
        title: t('storefront.link.title'),
        description: enabled ? t('storefront.link.descriptionOn') : t('storefront.link.descriptionOff'),
        qrAlt: t('storefront.link.qrAlt'),
        opensNewTab: t('storefront.link.opensNewTab'),
        copy: t('storefront.link.copy'),
        copied: t('storefront.link.copied'),
        copyFailed: t('storefront.link.copyFailed'),
      }}
      testIds={{
        card: 'storefront-link-card',
        qr: 'storefront-qr',
        link: 'storefront-link',
        copy: 'storefront-link-copy',
      }}
      actions={
        <>
          <a
            href={path}
            target="_blank"
            rel="noreferrer"
            data-testid="storefront-preview"
            className={buttonClass('outline', 'sm')}
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {t('storefront.link.preview')}
            <span className="sr-only">{t('storefront.link.opensNewTab')}</span>
          </a>
          <a
            href={API_REFERENCE_PATH}
            target="_blank"
            rel="noreferrer"
            data-testid="storefront-api-reference"
            className="text-sm text-orange-700 underline dark:text-orange-400"
          >
            {t('storefront.link.apiReference')}
            <span className="sr-only">{t('storefront.link.opensNewTab')}</span>
          </a>
        </>
      }
    />
  );
}
