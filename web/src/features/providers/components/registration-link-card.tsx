import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useRegistrationLink, useRotateRegistrationLink } from '../api/queries';
import { registrationUrl } from '../model/provider-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ShareLinkCard } from '../../../components/share-link-card';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

/** The store's provider registration link: copy, QR code, revoke and create a new one. */
export function RegistrationLinkCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const link = useRegistrationLink();
  const rotate = useRotateRegistrationLink();
  const [confirming, setConfirming] = useState(false);
  const url = link.data ? registrationUrl(userId, link.data) : null;

  const doRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('providers.link.rotated'));
      },
      onError: (error) => isDemoRefusal(error) || toast.error(t('providers.link.rotateFailed')),
    });

  const status = link.isPending ? (
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
  ) : undefined;

  return (
    <ShareLinkCard
      url={url}
      texts={{
        title: t('providers.link.title'),
        description: t('providers.link.description'),
        qrAlt: t('providers.link.qrAlt'),
        opensNewTab: t('providers.link.opensNewTab'),
        copy: t('providers.link.copy'),
        copied: t('providers.link.copied'),
        copyFailed: t('providers.link.copyFailed'),
      }}
      testIds={{
        card: 'registration-link-card',
        qr: 'registration-link-qr',
        link: 'registration-link',
        copy: 'registration-link-copy',
      }}
      status={status}
      actions={
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
      }
    >
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
    </ShareLinkCard>
  );
}
