import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TRIAL_EXTENSION_MAX_DAYS } from '@sneakers/shared/contracts/billing';
import type { AdminUser } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { useExtendTrial } from '../api/queries';
import { adminErrorText } from '../model/errors';

const DAY_MS = 86_400_000;

const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));

/** Whole days 1..90, or null (docs/product/administration.md#extend-a-trial). */
export function parseDays(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= 1 && days <= TRIAL_EXTENSION_MAX_DAYS ? days : null;
}

/**
 * The new trial end, as the billing service computes it: from the current end while it is
 * still ahead, else from now (an ended trial starts again).
 */
export function extendedTrialEnd(trialEndsAt: string, days: number, now: Date): Date {
  const end = Date.parse(trialEndsAt);
  const from = Number.isNaN(end) ? now.getTime() : Math.max(end, now.getTime());
  return new Date(from + days * DAY_MS);
}

export interface ExtendTrialDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** A superuser gives one user more trial days (1–90), after reading what will change. Audited by the API. */
export function ExtendTrialDialog({ user, onClose }: ExtendTrialDialogProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState('14');
  const [touched, setTouched] = useState(false);
  const extend = useExtendTrial();
  const days = parseDays(text);
  const name = user ? user.businessName || user.email : '';
  const invalid = touched && days === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!user || days === null || extend.isPending) return;
    extend.mutate(
      { userId: user.userId, days },
      {
        onSuccess: ({ trialEndsAt }) => {
          toast.success(
            t('admin.extendTrial.success', { name, date: formatDate(trialEndsAt, i18n.language) }),
          );
          setText('14');
          setTouched(false);
          onClose();
        },
        onError: (error) => {
          console.error('Could not extend the trial', error);
          toast.error(t('admin.extendTrial.failed'), {
            description: adminErrorText(error, t, t('admin.errors.generic')),
          });
        },
      },
    );
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('admin.extendTrial.title', { name })}
      description={t('admin.extendTrial.description')}
      closeLabel={t('common.close')}
      testId="admin-extend-trial-dialog"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          id={id}
          label={t('admin.extendTrial.days')}
          hint={t('admin.extendTrial.daysHint', { max: TRIAL_EXTENSION_MAX_DAYS })}
          error={invalid ? t('admin.extendTrial.daysInvalid', { max: TRIAL_EXTENSION_MAX_DAYS }) : undefined}
        >
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={TRIAL_EXTENSION_MAX_DAYS}
            step={1}
            data-testid="admin-extend-trial-days"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Field>
        {user && days !== null ? (
          <p data-testid="admin-extend-trial-summary" className="text-sm" aria-live="polite">
            {t('admin.extendTrial.summary', {
              count: days,
              name,
              date: formatDate(
                extendedTrialEnd(user.trialEndsAt, days, new Date()).toISOString(),
                i18n.language,
              ),
            })}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            data-testid="admin-extend-trial-confirm"
            disabled={extend.isPending}
            aria-busy={extend.isPending}
          >
            {extend.isPending ? t('admin.extendTrial.extending') : t('admin.extendTrial.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
