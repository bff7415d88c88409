import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import {
  ApiError,
  ROLES,
  SUBSCRIPTION_PLANS,
  type AccessRule,
  type Role,
  type SubscriptionPlan,
} from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useAccessRules, useCreateRule, useDeleteRule } from '../api/queries';
import { FeatureSelect } from './feature-select';

export const RULE_EXISTS = 'RULE_EXISTS';

/** The Access rules tab: a feature decided for a role and plan. */
export function RulesPanel() {
  const { t } = useTranslation();
  const ids = useId();
  const query = useAccessRules();
  const create = useCreateRule();
  const remove = useDeleteRule();
  const [feature, setFeature] = useState('');
  const [role, setRole] = useState<Role>('store');
  const [plan, setPlan] = useState<SubscriptionPlan>('standard');
  const [granted, setGranted] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AccessRule | null>(null);
  const who = (rule: { role: Role; plan: SubscriptionPlan }) =>
    t('flags.rules.describe', { role: t(`roles.${rule.role}`), plan: t(`flags.plans.${rule.plan}`) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!feature) {
      setFormError(t('flags.overrides.featureRequired'));
      return;
    }
    setFormError(null);
    create.mutate(
      { feature, role, plan, granted },
      {
        onSuccess: () => toast.success(t('flags.toast.ruleCreated')),
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          if (error instanceof ApiError && error.code === RULE_EXISTS) {
            setFormError(t('flags.rules.exists'));
            return;
          }
          toast.error(t('flags.toast.ruleError'), {
            description: error instanceof ApiError ? error.message : undefined,
          });
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('flags.toast.ruleDeleted'));
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        if (isDemoRefusal(error)) return;
        toast.error(t('flags.toast.ruleError'), {
          description: error instanceof ApiError ? error.message : undefined,
        });
      },
    });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('flags.rules.intro')}</p>
      <form
        onSubmit={submit}
        noValidate
        data-testid="rule-form"
        className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-neutral-200 p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end dark:border-neutral-800"
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-feature`} className="text-sm font-medium">
            {t('flags.rules.feature')}
          </label>
          <FeatureSelect id={`${ids}-feature`} testId="rule-feature" value={feature} onChange={setFeature} />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-role`} className="text-sm font-medium">
            {t('flags.rules.role')}
          </label>
          <Select
            id={`${ids}-role`}
            data-testid="rule-role"
            value={role}
            onChange={(e) => setRole(ROLES.find((r) => r === e.target.value) ?? 'store')}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-plan`} className="text-sm font-medium">
            {t('flags.rules.plan')}
          </label>
          <Select
            id={`${ids}-plan`}
            data-testid="rule-plan"
            value={plan}
            onChange={(e) => setPlan(SUBSCRIPTION_PLANS.find((p) => p === e.target.value) ?? 'standard')}
          >
            {SUBSCRIPTION_PLANS.map((p) => (
              <option key={p} value={p}>
                {t(`flags.plans.${p}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-effect`} className="text-sm font-medium">
            {t('flags.rules.effect')}
          </label>
          <Select
            id={`${ids}-effect`}
            data-testid="rule-effect"
            value={granted ? 'granted' : 'denied'}
            onChange={(e) => setGranted(e.target.value === 'granted')}
          >
            <option value="granted">{t('flags.rules.granted')}</option>
            <option value="denied">{t('flags.rules.denied')}</option>
          </Select>
        </div>
        <Button type="submit" data-testid="rule-submit" disabled={create.isPending}>
          {t('flags.rules.add')}
        </Button>
        {formError && (
          <p
            role="alert"
            data-testid="rule-error"
            className="text-sm text-red-600 sm:col-span-2 lg:col-span-5 dark:text-red-400"
          >
            {formError}
          </p>
        )}
      </form>
      <PagedList
        query={query}
        items={query.data ?? []}
        getKey={(rule) => rule.id}
        label={t('flags.rules.listLabel')}
        testId="rules"
        rowTestId="rule-row"
        errorText={t('flags.rules.loadError')}
        empty={t('flags.rules.empty')}
        rowClassName="flex min-w-0 flex-wrap items-center gap-2 rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(rule) => (
          <>
            <span className="font-mono text-sm font-semibold break-all">{rule.feature}</span>
            <span className="min-w-0 flex-1 text-sm">{who(rule)}</span>
            <Badge tone={rule.granted ? 'blue' : 'neutral'}>
              {rule.granted ? t('flags.rules.granted') : t('flags.rules.denied')}
            </Badge>
            <Button
              size="icon"
              variant="ghost"
              data-testid="rule-delete"
              aria-label={t('flags.rules.deleteNamed', { feature: rule.feature, who: who(rule) })}
              onClick={() => setDeleting(rule)}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600 dark:text-red-400" />
            </Button>
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('flags.rules.deleteTitle')}
        description={t('flags.rules.deleteDescription', {
          feature: deleting?.feature ?? '',
          who: deleting ? who(deleting) : '',
        })}
        confirmLabel={t('flags.rules.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testId="rule-delete-dialog"
        confirmTestId="rule-delete-confirm"
      />
    </div>
  );
}
