import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import type { Provider } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { useProviderDecision } from './use-provider-actions';

/** Approve / Reject for a pending provider (re-deciding shows the other choice). */
export function DecisionButtons({ provider, all = false }: { provider: Provider; all?: boolean }) {
  const { t } = useTranslation();
  const decision = useProviderDecision();
  const busy = decision.pendingId === provider.id;
  const showApprove = provider.status === 'pending' || (all && provider.status === 'rejected');
  const showReject = provider.status === 'pending' || (all && provider.status === 'approved');
  return (
    <>
      {showApprove && (
        <Button
          size="sm"
          data-testid="provider-approve"
          disabled={busy}
          aria-label={t('providers.actions.approveNamed', { name: provider.name })}
          onClick={() => decision.run(provider, 'approve')}
        >
          <Check aria-hidden="true" className="h-4 w-4" />
          {t('providers.actions.approve')}
        </Button>
      )}
      {showReject && (
        <Button
          size="sm"
          variant="outline"
          data-testid="provider-reject"
          disabled={busy}
          aria-label={t('providers.actions.rejectNamed', { name: provider.name })}
          onClick={() => decision.run(provider, 'reject')}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          {t('providers.actions.reject')}
        </Button>
      )}
    </>
  );
}
