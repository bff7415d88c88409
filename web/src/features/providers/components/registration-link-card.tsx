import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useRegistrationLink, useRotateRegistrationLink } from '../api/queries';
import { registrationUrl } from '../model/provider-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isDemoRefusal } from '../../demo';

/** An SVG QR code of `text` as a data URL (no canvas needed). */
async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function useQr(text: string | null): string | null {
  const [qr, setQr] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
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

/** The store's provider registration link: copy, QR code, revoke and create a new one. */
export function RegistrationLinkCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const link = useRegistrationLink();
  const rotate = useRotateRegistrationLink();
  const [confirming, setConfirming] = useState(false);
  const url = link.data ? registrationUrl(userId, link.data) : null;
  const qr = useQr(url);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('providers.link.copied'));
    } catch {
      toast.error(t('providers.link.copyFailed'));
    }
  };

  const doRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('providers.link.rotated'));
      },
      onError: (error) => isDemoRefusal(error) || toast.error(t('providers.link.rotateFailed')),
    });

  return (
    <section
      data-testid="registration-link-card"
      aria-labelledby="provider-link-title"
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
    >
      {qr && (
        <img
          data-testid="registration-link-qr"
          src={qr}
          alt={t('providers.link.qrAlt')}
          className="h-28 w-28 shrink-0 self-center rounded bg-white sm:self-auto"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id="provider-link-title" className="font-semibold">
          {t('providers.link.title')}
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('providers.link.description')}</p>
        {link.isPending ? (
          <div role="status" aria-live="polite" className="flex items-center gap-2 text-sm">
            <Spinner className="h-4 w-4 border-2" />
            {t('common.loading')}
          </div>
        ) : link.isError ? (
          <div
            role="alert"
            data-testid="registration-link-error"
            className="flex flex-wrap items-center gap-2 text-sm"
          >
            {t('providers.link.loadError')}
            <Button size="sm" variant="outline" onClick={() => void link.refetch()}>
              {t('providers.retry')}
            </Button>
          </div>
        ) : (
          url && (
            <>
              <a
                data-testid="registration-link"
                href={url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-w-0 items-center gap-1 text-sm break-all text-orange-700 underline dark:text-orange-400"
              >
                <span className="min-w-0 truncate">{url}</span>
                <ExternalLink aria-hidden="true" className="h-3 w-3 shrink-0" />
                <span className="sr-only">{t('providers.link.opensNewTab')}</span>
              </a>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="registration-link-copy"
                  onClick={() => void copy()}
                >
                  <Copy aria-hidden="true" className="h-4 w-4" />
                  {t('providers.link.copy')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  data-testid="registration-link-rotate"
                  disabled={rotate.isPending}
                  onClick={() => setConfirming(true)}
                >
                  <RefreshCw aria-hidden="true" className="h-4 w-4" />
                  {t('providers.link.rotate')}
                </Button>
              </div>
            </>
          )
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('providers.link.rotateTitle')}
        description={t('providers.link.rotateBody')}
        confirmLabel={t('providers.link.rotateConfirm')}
        pending={rotate.isPending}
        onConfirm={doRotate}
        testId="rotate-link-dialog"
        confirmTestId="rotate-link-dialog-confirm"
      />
    </section>
  );
}
