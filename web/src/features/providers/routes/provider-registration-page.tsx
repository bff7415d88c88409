import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { ApiError } from '@sneakers/shared';
import { BackHomeButton } from '../../../components/back-home-button';
import { PageScreen } from '../../../components/page-screen';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/form';
import { CenteredSpinner, Spinner } from '../../../components/ui/spinner';
import { useRegistration, useSubmitRegistration } from '../api/queries';
import { ProviderFields } from '../components/provider-fields';
import {
  apiFieldErrors,
  emptyProviderDraft,
  validateProviderDraft,
  type ProviderDraft,
  type ProviderDraftErrors,
  type ProviderField,
} from '../model/provider-form';

/** A wrong, revoked or malformed token: the link cannot be used. */
function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** /provider-registration/{storeUserId}/{token}: a provider registers with the store (public). */
export function ProviderRegistrationPage() {
  const { storeUserId = '', token = '' } = useParams();
  const { t } = useTranslation();
  const store = useRegistration(storeUserId, token);

  let body;
  if (store.isPending) body = <CenteredSpinner label={t('common.loading')} />;
  else if (store.isError && isInvalidLink(store.error)) body = <InvalidLink />;
  else if (store.isError) {
    body = (
      <Card
        role="alert"
        data-testid="registration-load-error"
        className="flex max-w-md flex-col items-center gap-3 text-center"
      >
        <p>{t('providerRegistration.loadError')}</p>
        <Button variant="outline" onClick={() => void store.refetch()}>
          {t('providerRegistration.retry')}
        </Button>
      </Card>
    );
  } else
    body = (
      <RegistrationForm
        key={`${storeUserId}/${token}`}
        storeUserId={storeUserId}
        token={token}
        businessName={store.data.businessName}
      />
    );
  return <PageScreen>{body}</PageScreen>;
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Card
      data-testid="registration-invalid"
      role="alert"
      className="flex w-full max-w-md flex-col items-center gap-3 text-center"
    >
      <LinkIcon aria-hidden="true" className="h-10 w-10 text-orange-600 dark:text-orange-400" />
      <h1 className="text-xl font-semibold">{t('providerRegistration.invalid.title')}</h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('providerRegistration.invalid.body')}
      </p>
      <BackHomeButton />
    </Card>
  );
}

type Phase = 'form' | 'submitting' | 'success';

function RegistrationForm({
  storeUserId,
  token,
  businessName,
}: {
  storeUserId: string;
  token: string;
  businessName: string;
}) {
  const { t } = useTranslation();
  const submit = useSubmitRegistration(storeUserId, token);
  const [draft, setDraft] = useState<ProviderDraft>(emptyProviderDraft);
  const [errors, setErrors] = useState<ProviderDraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (phase === 'success') successRef.current?.focus();
  }, [phase]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const change = (field: ProviderField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = validateProviderDraft(draft);
    if (!result.payload) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setPhase('submitting');
    submit.mutate(result.payload, {
      onSuccess: () => setPhase('success'),
      onError: (error) => {
        setPhase('form');
        if (error instanceof ApiError) {
          const fields = apiFieldErrors(error.fields);
          if (Object.keys(fields).length > 0) setErrors(fields);
          if (error.status === 429) {
            setFailure(error.message);
            return;
          }
        }
        setFailure(t('providerRegistration.failed'));
      },
    });
  };

  if (phase === 'success') {
    return (
      <Card
        data-testid="registration-success"
        className="flex w-full max-w-md flex-col items-center gap-3 text-center"
      >
        <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-green-600 dark:text-green-400" />
        <h1 ref={successRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t('providerRegistration.success.title')}
        </h1>
        <p className="text-neutral-600 dark:text-neutral-400">
          {t('providerRegistration.success.body', { store: businessName })}
        </p>
      </Card>
    );
  }

  return (
    <>
      <Card className="w-full max-w-2xl">
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          data-testid="registration-form"
          className="flex flex-col gap-5"
        >
          <div className="flex flex-col gap-1">
            <p
              data-testid="registration-store"
              className="text-sm font-semibold text-orange-700 dark:text-orange-400"
            >
              {businessName}
            </p>
            <h1 className="text-2xl font-bold tracking-tight">{t('providerRegistration.title')}</h1>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('providerRegistration.subtitle', { store: businessName })}
            </p>
            <p className="text-xs text-neutral-500">{t('providerRegistration.requiredNote')}</p>
          </div>
          {failure && (
            <div
              ref={failureRef}
              tabIndex={-1}
              role="alert"
              data-testid="registration-failed"
              className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 focus:outline-none dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {failure}
            </div>
          )}
          <ProviderFields
            draft={draft}
            errors={errors}
            onChange={change}
            disabled={phase === 'submitting'}
            testIdPrefix="registration"
          />
          <Button type="submit" size="lg" data-testid="registration-submit" disabled={phase === 'submitting'}>
            {t('providerRegistration.submit')}
          </Button>
        </form>
      </Card>
      {phase === 'submitting' && <SubmittingSplash />}
    </>
  );
}

/** Submitting shows a full-screen splash 'Submitting registration' (docs/product/providers-and-consignments.md#provider-registration-page). */
function SubmittingSplash() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="registration-splash"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/95 p-6 text-center dark:bg-neutral-950/95"
    >
      <Spinner className="h-12 w-12" />
      <p className="text-lg font-semibold">{t('providerRegistration.submitting')}</p>
    </div>
  );
}
