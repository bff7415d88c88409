import { useTranslation } from 'react-i18next';
import { ShareLinkCard } from '../../../components/share-link-card';
import { sharedOrderUrl } from '../model/order-form';

/** The order's shareable page: the unguessable link, Copy and a QR code to show on a phone. */
export function OrderShareCard({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  return (
    <ShareLinkCard
      url={sharedOrderUrl(shareId)}
      texts={{
        title: t('orders.share.title'),
        description: t('orders.share.description'),
        qrAlt: t('orders.share.qrAlt'),
        opensNewTab: t('orders.share.opensNewTab'),
        copy: t('orders.share.copy'),
        copied: t('orders.share.copied'),
        copyFailed: t('orders.share.copyFailed'),
      }}
      testIds={{
        card: 'order-share',
        qr: 'order-share-qr',
        link: 'order-share-link',
        copy: 'order-share-copy',
      }}
    />
  );
}
