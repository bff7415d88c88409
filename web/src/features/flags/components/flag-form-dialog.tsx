import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, ROLES, type FeatureFlag } from '@sneakers/shared';
import { SECTION_IDS } from '@sneakers/shared/sections';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, inputClass } from '../../../components/ui/form';
import { cn } from '../../../lib/utils';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useApi } from '../../../lib/api';
import { flagsListOptions, useCreateFlag, useUpdateFlag } from '../api/queries';
import {
  draftFromFlag,
  emptyFlagDraft,
  toCreateFlag,
  toggleIn,
  toUpdateFlag,
  type FlagDraft,
} from '../model/flag-form';
import { Switch } from './switch';

export const FLAG_CONFLICT = 'FLAG_CONFLICT';
export const FLAG_EXISTS = 'FLAG_EXISTS';

export interface FlagFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this flag; creating when absent. */
  flag?: FeatureFlag;
}

/** Create or edit a feature flag. */
export function FlagFormDialog({ open, onOpenChange, flag }: FlagFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={flag ? t('flags.form.editTitle', { name: flag.name }) : t('flags.form.createTitle')}
      description={t('flags.form.description')}
      closeLabel={t('common.close')}
      testId="flag-form-dialog"
      className="max-w-2xl"
    >
      {/* Mounted only while open: each opening starts from the flag as last read. */}
      {open && <FlagForm flag={flag} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function FlagForm({ flag, onDone }: { flag?: FeatureFlag; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const queryClient = useQueryClient();
  const api = useApi();
  const [draft, setDraft] = useState<FlagDraft>(() => (flag ? draftFromFlag(flag) : emptyFlagDraft()));
  /** The version this copy was read at: sent with the update, renewed by "Reload". */
  const [version, setVersion] = useState(flag?.version ?? 0);
  const [nameError, setNameError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const create = useCreateFlag();
  const update = useUpdateFlag();
  const pending = create.isPending || update.isPending;

  const set = <K extends keyof FlagDraft>(key: K, value: FlagDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const onError = (error: Error) => {
    if (isDemoRefusal(error)) return;
    if (error instanceof ApiError && error.code === FLAG_CONFLICT) {
      setConflict(true);
      return;
    }
    if (error instanceof ApiError && error.code === FLAG_EXISTS) {
      setNameError(t('flags.form.nameTaken'));
      return;
    }
    toast.error(t('flags.toast.saveError'), {
      description: error instanceof ApiError ? error.message : undefined,
    });
  };

  const reload = async () => {
    if (!flag) return;
    const flags = await queryClient.fetchQuery({ ...flagsListOptions(api), staleTime: 0 }).catch(() => null);
    if (flags === null) {
      toast.error(t('flags.list.loadError'));
      return;
    }
    const fresh = flags.find((f) => f.name === flag.name);
    if (!fresh) {
      toast.error(t('flags.form.gone'));
      onDone();
      return;
    }
    setDraft(draftFromFlag(fresh));
    setVersion(fresh.version);
    setConflict(false);
    toast.info(t('flags.form.reloaded'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (flag) {
      update.mutate(
        { name: flag.name, body: toUpdateFlag(draft, version) },
        {
          onSuccess: (saved) => {
            toast.success(t('flags.toast.updated', { name: saved.name }));
            onDone();
          },
          onError,
        },
      );
      return;
    }
    const result = toCreateFlag(draft);
    if ('nameInvalid' in result) {
      setNameError(t('flags.form.nameInvalid'));
      return;
    }
    setNameError(null);
    create.mutate(result.body, {
      onSuccess: (saved) => {
        toast.success(t('flags.toast.created', { name: saved.name }));
        onDone();
      },
      onError,
    });
  };

  const rolloutHelpId = `${ids}-rollout-help`;
  return (
    <form onSubmit={submit} noValidate data-testid="flag-form" className="flex min-w-0 flex-col gap-4">
      {conflict && (
        <div
          role="alert"
          data-testid="flag-form-conflict"
          className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <span>{t('flags.form.conflict')}</span>
          <Button variant="outline" size="sm" data-testid="flag-form-reload" onClick={() => void reload()}>
            {t('flags.form.reload')}
          </Button>
        </div>
      )}
      {!flag && (
        <Field
          id={`${ids}-name`}
          label={t('flags.form.name')}
          hint={t('flags.form.nameHint')}
          error={nameError ?? undefined}
        >
          <Input
            id={`${ids}-name`}
            data-testid="flag-form-name"
            autoComplete="off"
            spellCheck={false}
            value={draft.name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids}-name-error` : `${ids}-name-hint`}
            onChange={(e) => {
              set('name', e.target.value);
              setNameError(null);
            }}
          />
        </Field>
      )}
      <Field id={`${ids}-description`} label={t('flags.form.descriptionLabel')}>
        <textarea
          id={`${ids}-description`}
          data-testid="flag-form-description"
          maxLength={500}
          rows={2}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          className={cn(inputClass, 'h-auto py-2')}
        />
      </Field>
      <div className="flex items-start gap-3">
        <Switch
          id={`${ids}-enabled`}
          data-testid="flag-form-enabled"
          checked={draft.isEnabled}
          onCheckedChange={(on) => set('isEnabled', on)}
          aria-describedby={`${ids}-enabled-hint`}
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${ids}-enabled`} className="text-sm font-medium">
            {t('flags.form.enabled')}
          </label>
          <p id={`${ids}-enabled-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
            {t('flags.form.enabledHint')}
          </p>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('flags.form.targets')}</legend>
        <div className="flex flex-wrap gap-4">
          {ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                data-testid={`flag-form-target-${role}`}
                checked={draft.targetUserTypes.includes(role)}
                onChange={(e) =>
                  set('targetUserTypes', toggleIn(draft.targetUserTypes, role, e.target.checked, ROLES))
                }
                className="h-4 w-4 accent-orange-600"
              />
              {t(`roles.${role}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={`${ids}-rollout`} className="text-sm font-medium">
            {t('flags.form.rollout')}
          </label>
          <output
            htmlFor={`${ids}-rollout`}
            data-testid="flag-form-rollout-value"
            className="text-sm font-semibold tabular-nums"
          >
            {t('flags.list.rolloutValue', { value: draft.rolloutPercentage })}
          </output>
        </div>
        <input
          id={`${ids}-rollout`}
          type="range"
          min={0}
          max={100}
          step={1}
          data-testid="flag-form-rollout"
          value={draft.rolloutPercentage}
          aria-valuetext={t('flags.list.rolloutValue', { value: draft.rolloutPercentage })}
          aria-describedby={rolloutHelpId}
          onChange={(e) => set('rolloutPercentage', Number(e.target.value))}
          className="w-full accent-orange-600"
        />
        <p id={rolloutHelpId} className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('flags.form.rolloutHelp')}
        </p>
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${ids}-gates-hint`}>
        <legend className="mb-1 text-sm font-medium">{t('flags.form.gates')}</legend>
        <p id={`${ids}-gates-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('flags.form.gatesHint')}
        </p>
        <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-md border border-neutral-200 p-2 sm:grid-cols-2 dark:border-neutral-800">
          {SECTION_IDS.map((section) => (
            <label key={section} className="flex min-w-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                data-testid={`flag-form-gate-${section}`}
                checked={draft.gates.includes(section)}
                onChange={(e) => set('gates', toggleIn(draft.gates, section, e.target.checked, SECTION_IDS))}
                className="h-4 w-4 shrink-0 accent-orange-600"
              />
              <span className="truncate">{t(`sections.${section}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="flag-form-submit" disabled={pending}>
          {pending ? t('flags.form.saving') : flag ? t('flags.form.save') : t('flags.form.create')}
        </Button>
      </div>
    </form>
  );
}
