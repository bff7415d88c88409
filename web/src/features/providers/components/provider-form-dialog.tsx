import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Eye } from 'lucide-react';
import { ApiError, type Provider } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useCreateProvider, useRevealIban, useUpdateProvider } from '../api/queries';
import {
  apiFieldErrors,
  draftFromProvider,
  emptyProviderDraft,
  ibanEdit,
  toProviderCreate,
  toProviderUpdate,
  validateProviderDraft,
  type ProviderDraft,
  type ProviderDraftErrors,
  type ProviderField,
} from '../model/provider-form';
import { formatIban, IBAN_REVEAL_MS } from './iban-reveal';
import { ProviderFields } from './provider-fields';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

export interface ProviderFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this provider; creating when absent. */
  provider?: Provider;
  onSaved?: (provider: Provider) => void;
}

/** Create or edit a provider in a dialog. */
export function ProviderFormDialog({ open, onOpenChange, provider, onSaved }: ProviderFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(provider ? 'providers.form.editTitle' : 'providers.form.createTitle')}
      description={t('providers.form.requiredNote')}
      closeLabel={t('common.close')}
      testId="provider-form-dialog"
      className="max-w-2xl"
    >
      {/* Mounted only while open, so each opening starts from the provider's current data. */}
      {open && (
        <ProviderForm
          provider={provider}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onOpenChange(false);
            onSaved?.(saved);
          }}
        />
      )}
    </Dialog>
  );
}

function ProviderForm({
  provider,
  onSaved,
  onCancel,
}: {
  provider?: Provider;
  onSaved: (provider: Provider) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProviderDraft>(() =>
    provider ? draftFromProvider(provider) : emptyProviderDraft(),
  );
  const [errors, setErrors] = useState<ProviderDraftErrors>({});
  const create = useCreateProvider();
  const update = useUpdateProvider(provider?.id ?? '');
  const revealIban = useRevealIban(provider?.id ?? '');
  /** The full IBAN the store revealed into the field (kept on save unless typed over). */
  const [revealed, setRevealed] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const change = (field: ProviderField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  // A revealed IBAN left as revealed goes back to masked after a minute; one typed over stays.
  useEffect(() => {
    if (revealed === null || !provider?.ibanMasked) return;
    const masked = provider.ibanMasked;
    const timer = setTimeout(() => {
      setDraft((d) => (ibanEdit(d.iban, provider, revealed) === 'keep' ? { ...d, iban: masked } : d));
      setRevealed(null);
    }, IBAN_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [revealed, provider]);

  const reveal = () =>
    revealIban.mutate('view', {
      onSuccess: (iban) => {
        if (!iban) return;
        setRevealed(iban);
        change('iban', formatIban(iban));
      },
      onError: (error) =>
        toast.error(t('providers.iban.revealError'), {
          description: error instanceof ApiError ? error.message : undefined,
        }),
    });

  const onError = (error: Error) => {
    if (isDemoRefusal(error)) return;
    if (error instanceof ApiError) {
      const fields = apiFieldErrors(error.fields);
      if (error.code === 'PROVIDER_EMAIL_TAKEN') fields.email = 'providers.form.errors.emailTaken';
      if (Object.keys(fields).length > 0) setErrors(fields);
    }
    toast.error(t(provider ? 'providers.toast.updateError' : 'providers.toast.createError'), {
      description: error instanceof ApiError ? error.message : undefined,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iban = provider ? ibanEdit(draft.iban, provider, revealed) : 'replace';
    // A kept or removed IBAN is not validated: the masked text is not an IBAN.
    const result = validateProviderDraft(iban === 'replace' ? draft : { ...draft, iban: '' });
    if (!result.payload) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const onSuccess = (saved: Provider) => {
      toast.success(t(provider ? 'providers.toast.updated' : 'providers.toast.created'));
      onSaved(saved);
    };
    if (provider) update.mutate(toProviderUpdate(result.payload, iban), { onSuccess, onError });
    else create.mutate(toProviderCreate(result.payload), { onSuccess, onError });
  };

  const ibanHint = provider?.ibanMasked ? t('providers.form.ibanKeepHint') : undefined;
  const ibanAction =
    provider?.ibanMasked && revealed === null ? (
      <Button
        variant="outline"
        data-testid="provider-form-iban-reveal"
        aria-label={t('providers.iban.revealLabel')}
        disabled={revealIban.isPending}
        onClick={reveal}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
        {t('providers.iban.reveal')}
      </Button>
    ) : undefined;

  return (
    <form onSubmit={submit} noValidate data-testid="provider-form" className="flex flex-col gap-4">
      <ProviderFields
        draft={draft}
        errors={errors}
        onChange={change}
        ibanHint={ibanHint}
        ibanAction={ibanAction}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="provider-form-submit" disabled={pending}>
          {pending ? t('providers.form.saving') : t('providers.form.save')}
        </Button>
      </div>
    </form>
  );
}
