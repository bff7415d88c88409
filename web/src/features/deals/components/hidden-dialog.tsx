import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EyeOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useHiddenDeals, useUnhideDeal } from '../api/queries';

/** The "Hidden" button and its list: every hidden deal and partner, each with "Show again". */
export function HiddenDealsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" data-testid="deals-hidden-open" onClick={() => setOpen(true)}>
        <EyeOff aria-hidden="true" className="h-4 w-4" />
        {t('deals.hidden.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('deals.hidden.title')}
        description={t('deals.hidden.description')}
        closeLabel={t('common.close')}
        testId="deals-hidden-dialog"
      >
        {open ? <HiddenList /> : null}
      </Dialog>
    </>
  );
}

function HiddenList() {
  const { t } = useTranslation();
  const hidden = useHiddenDeals(true);
  const unhide = useUnhideDeal();
  if (hidden.isPending) return <CenteredSpinner label={t('common.loading')} className="min-h-24" />;
  if (hidden.isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-2 text-sm" data-testid="deals-hidden-error">
        {t('deals.hidden.loadError')}
        <Button variant="outline" size="sm" onClick={() => void hidden.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  if (hidden.data.length === 0)
    return (
      <p role="status" className="text-sm text-neutral-500" data-testid="deals-hidden-empty">
        {t('deals.hidden.empty')}
      </p>
    );
  return (
    <ul className="flex flex-col gap-2" data-testid="deals-hidden-list" aria-label={t('deals.hidden.title')}>
      {hidden.data.map((hide) => (
        <li
          key={hide.id}
          data-testid="deals-hidden-row"
          className="flex items-center justify-between gap-3 rounded-lg border border-neutral-200 p-2 text-sm dark:border-neutral-800"
        >
          <span className="flex min-w-0 flex-col">
            <span className="text-xs text-neutral-500">{t(`deals.hidden.kinds.${hide.kind}`)}</span>
            <span className="break-words">{hide.label}</span>
          </span>
          <Button
            size="sm"
            variant="outline"
            data-testid="deals-unhide"
            aria-label={t('deals.hidden.unhideLabel', { label: hide.label })}
            disabled={unhide.isPending && unhide.variables === hide.id}
            onClick={() =>
              unhide.mutate(hide.id, {
                onError: (error) => isDemoRefusal(error) || toast.error(t('deals.hidden.unhideFailed')),
              })
            }
          >
            {t('deals.hidden.unhide')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
