import { useTranslation } from 'react-i18next';
import { ApiError } from '@sneakers/shared';
import { Dialog } from '../../../components/ui/dialog';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useAnonymousOffer, useOffer } from '../api/queries';
import { MessagePartnerButton } from './message-partner-button';
import { AnonymousOfferCard, OfferGroupCard } from './offer-cards';
import { DELETED_ACCOUNT_USER_ID } from '@sneakers/shared/contracts/deleted-account';

function Problem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <p
      role="alert"
      data-testid="offer-detail-error"
      className="text-sm text-neutral-600 dark:text-neutral-400"
    >
      {t(notFound ? 'offers.detail.notFound' : 'offers.loadError')}
    </p>
  );
}

/**
 * One offer opened from a link (/dashboard/offers/{id}, from an email or a notification):
 * loaded by id, so it opens wherever it sits in the lists; a signed-in offer shows its group.
 */
export function OfferDetailDialog({
  kind,
  offerId,
  userId,
  onClose,
}: {
  kind: 'offer' | 'anonymousOffer';
  offerId: string;
  userId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const signedIn = useOffer(kind === 'offer' ? offerId : null);
  const anonymous = useAnonymousOffer(kind === 'anonymousOffer' ? offerId : null);
  const query = kind === 'offer' ? signedIn : anonymous;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(kind === 'offer' ? 'offers.detail.title' : 'offers.detail.anonymousTitle')}
      closeLabel={t('common.close')}
      testId="offer-detail"
      className="max-w-2xl p-4 sm:p-6"
    >
      {query.isPending ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : query.isError ? (
        <Problem error={query.error} />
      ) : kind === 'offer' && signedIn.data ? (
        <div className="flex flex-col gap-3">
          <OfferGroupCard
            group={signedIn.data.group}
            box={signedIn.data.offer.storeUserId === userId ? 'received' : 'sent'}
          />
          {/* A deleted account has nobody to write to. */}
          {signedIn.data.offer.resellerUserId !== DELETED_ACCOUNT_USER_ID && (
            <div className="flex justify-end">
              <MessagePartnerButton offer={signedIn.data.offer} userId={userId} />
            </div>
          )}
        </div>
      ) : anonymous.data ? (
        <AnonymousOfferCard offer={anonymous.data} />
      ) : null}
    </Dialog>
  );
}
