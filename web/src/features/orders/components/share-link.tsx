import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { sharedOrderUrl } from '../model/order-form';

/** An SVG QR code of `text` as a data URL (the library loads only when a link is shown). */
async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function useQr(text: string): string | null {
  const [qr, setQr] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    qrDataUrl(text).then(
      (url) => live && setQr({ text, url }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return qr && qr.text === text ? qr.url : null;
}

/** The order's shareable page: the unguessable link, Copy and a QR code to show on a phone. */
export function ShareLinkCard({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const url = sharedOrderUrl(shareId);
  const qr = useQr(url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('orders.share.copied'));
    } catch {
      toast.error(t('orders.share.copyFailed'));
    }
  };
  return (
    <section
      data-testid="order-share"
      aria-labelledby="order-share-title"
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
    >
      {qr && (
        <img
          data-testid="order-share-qr"
          src={qr}
          alt={t('orders.share.qrAlt')}
          className="h-28 w-28 shrink-0 self-center rounded bg-white sm:self-auto"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id="order-share-title" className="font-semibold">
          {t('orders.share.title')}
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('orders.share.description')}</p>
        <a
          data-testid="order-share-link"
          href={url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-w-0 items-center gap-1 text-sm break-all text-orange-700 underline dark:text-orange-400"
        >
          <span className="min-w-0 truncate">{url}</span>
          <ExternalLink aria-hidden="true" className="h-3 w-3 shrink-0" />
          <span className="sr-only">{t('orders.share.opensNewTab')}</span>
        </a>
        <Button
          size="sm"
          variant="outline"
          className="w-fit"
          data-testid="order-share-copy"
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('orders.share.copy')}
        </Button>
      </div>
    </section>
  );
}
