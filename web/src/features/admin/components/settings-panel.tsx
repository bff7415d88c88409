import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ApiError,
  COMING_SOON_DEFAULTS,
  type ComingSoonSettings,
  type SignupSettings,
} from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Card, Field, Input, inputClass } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useComingSoonSettings, useSignupSettings } from '../../../lib/site-settings';
import { useSaveComingSoon, useSaveSignup } from '../api/queries';
import { adminErrorText } from '../model/errors';

/** The first server message of a field the API refused, if any. */
function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field]?.[0] : undefined;
}

/** The site settings: coming-soon and sign-up (docs/product/administration.md#site-settings). */
export function SettingsPanel() {
  const { t } = useTranslation();
  const comingSoon = useComingSoonSettings();
  const signup = useSignupSettings();
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2">
      <SettingsCard title={t('admin.comingSoon.title')} id="admin-coming-soon">
        {comingSoon.isPending ? (
          <CenteredSpinner label={t('common.loading')} />
        ) : comingSoon.isError ? (
          <LoadError onRetry={() => void comingSoon.refetch()} />
        ) : (
          <ComingSoonForm key={comingSoon.data?.updatedAt ?? 'new'} settings={comingSoon.data ?? null} />
        )}
      </SettingsCard>
      <SettingsCard title={t('admin.signup.title')} id="admin-signup">
        {signup.isPending ? (
          <CenteredSpinner label={t('common.loading')} />
        ) : signup.isError ? (
          <LoadError onRetry={() => void signup.refetch()} />
        ) : (
          <SignupForm key={signup.data.updatedAt ?? 'new'} settings={signup.data} />
        )}
      </SettingsCard>
    </div>
  );
}

function SettingsCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <section aria-labelledby={`${id}-title`} data-testid={id} className="flex flex-col gap-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-2 text-sm">
      {t('admin.settings.loadError')}
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </div>
  );
}

function Switch({
  id,
  checked,
  onChange,
  label,
}: {
  id: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  label: string;
}) {
  return (
    <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-medium">
      <input
        id={id}
        type="checkbox"
        role="switch"
        data-testid={id}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-orange-600"
      />
      {label}
    </label>
  );
}

/** The toasts of a settings save, shared by both forms. */
function useSaveFeedback() {
  const { t } = useTranslation();
  return {
    onSuccess: () => toast.success(t('admin.settings.saved')),
    onError: (error: unknown) =>
      toast.error(t('admin.settings.saveFailed'), {
        description: adminErrorText(error, t, t('admin.errors.generic')),
      }),
  };
}

function SaveButton({ testId, pending, disabled }: { testId: string; pending: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" data-testid={testId} disabled={pending || disabled} className="self-start">
      {pending ? t('admin.settings.saving') : t('admin.settings.save')}
    </Button>
  );
}

function ComingSoonForm({ settings }: { settings: ComingSoonSettings | null }) {
  const { t } = useTranslation();
  const save = useSaveComingSoon();
  const feedback = useSaveFeedback();
  const [isEnabled, setEnabled] = useState(settings?.isEnabled ?? false);
  const [title, setTitle] = useState(settings?.title ?? COMING_SOON_DEFAULTS.title);
  const [subtitle, setSubtitle] = useState(settings?.subtitle ?? COMING_SOON_DEFAULTS.subtitle);
  const [launchDate, setLaunchDate] = useState(settings?.launchDate ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ isEnabled, title, subtitle, launchDate: launchDate || null }, feedback);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Switch
        id="admin-coming-soon-enabled"
        checked={isEnabled}
        onChange={setEnabled}
        label={t('admin.comingSoon.enabled')}
      />
      <Field
        id="admin-coming-soon-title"
        label={t('admin.comingSoon.heading')}
        error={fieldError(save.error, 'title')}
      >
        <Input
          id="admin-coming-soon-title"
          data-testid="admin-coming-soon-title"
          value={title}
          maxLength={120}
          required
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field>
      <Field
        id="admin-coming-soon-subtitle"
        label={t('admin.comingSoon.subtitle')}
        error={fieldError(save.error, 'subtitle')}
      >
        <textarea
          id="admin-coming-soon-subtitle"
          data-testid="admin-coming-soon-subtitle"
          value={subtitle}
          maxLength={400}
          rows={3}
          required
          onChange={(e) => setSubtitle(e.target.value)}
          className={cn(inputClass, 'h-auto py-2')}
        />
      </Field>
      <Field
        id="admin-coming-soon-launch"
        label={t('admin.comingSoon.launchDate')}
        hint={t('admin.comingSoon.launchDateHint')}
        error={fieldError(save.error, 'launchDate')}
      >
        <Input
          id="admin-coming-soon-launch"
          data-testid="admin-coming-soon-launch"
          type="date"
          value={launchDate}
          onChange={(e) => setLaunchDate(e.target.value)}
        />
      </Field>
      <SaveButton
        testId="admin-coming-soon-save"
        pending={save.isPending}
        disabled={!title.trim() || !subtitle.trim()}
      />
    </form>
  );
}

function SignupForm({ settings }: { settings: SignupSettings }) {
  const { t } = useTranslation();
  const save = useSaveSignup();
  const feedback = useSaveFeedback();
  const [isEnabled, setEnabled] = useState(settings.isEnabled);
  const [subtitle, setSubtitle] = useState(settings.subtitle ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ isEnabled, subtitle: subtitle.trim() || null }, feedback);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Switch
        id="admin-signup-enabled"
        checked={isEnabled}
        onChange={setEnabled}
        label={t('admin.signup.enabled')}
      />
      <Field
        id="admin-signup-message"
        label={t('admin.signup.message')}
        hint={t('admin.signup.messageHint')}
        error={fieldError(save.error, 'subtitle')}
      >
        <textarea
          id="admin-signup-message"
          data-testid="admin-signup-message"
          value={subtitle}
          maxLength={400}
          rows={3}
          onChange={(e) => setSubtitle(e.target.value)}
          className={cn(inputClass, 'h-auto py-2')}
        />
      </Field>
      <SaveButton testId="admin-signup-save" pending={save.isPending} />
    </form>
  );
}
