import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  STOREFRONT_CONTACT_MAX,
  STOREFRONT_DESCRIPTION_MAX,
  STOREFRONT_LISTS,
  STOREFRONT_NAME_MAX,
  STOREFRONT_RETURNS_MAX,
  type StorefrontSetup,
} from '@sneakers/shared/contracts/storefront';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClass } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { pageItems } from '../../../lib/page-items';
import { cn } from '../../../lib/utils';
import { useSaveSetup, useVirtualProductChoices } from '../api/queries';
import {
  formValuesOf,
  toggled,
  updateBodyOf,
  validateSetup,
  type SetupFormErrors,
  type SetupFormValues,
} from '../model/setup-form';

type TextField = 'name' | 'logoUrl' | 'bannerUrl' | 'description' | 'contact' | 'returnsText';

/**
 * The storefront's set-up (docs/product/online-store.md#the-online-store-section): on/off,
 * the header's texts and images, which lists and virtual products it sells. Demo mode shows
 * the demo store's set-up and refuses Save with the demo toast, asking nothing of the API.
 */
export function SetupForm({
  setup,
  profile,
}: {
  setup: StorefrontSetup;
  profile: { businessName: string; avatarUrl: string | null };
}) {
  const { t } = useTranslation();
  const id = useId();
  const isDemo = useDemoMode();
  const save = useSaveSetup();
  const [values, setValues] = useState<SetupFormValues>(() => formValuesOf(setup));
  const [errors, setErrors] = useState<SetupFormErrors>({});
  const set = <K extends keyof SetupFormValues>(key: K, value: SetupFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSetup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (isDemo) {
      showDemoToast();
      return;
    }
    save.mutate(updateBodyOf(values), {
      onSuccess: () => toast.success(t('storefront.toast.saved')),
      onError: (failure) => {
        if (!isDemoRefusal(failure)) toast.error(t('storefront.toast.saveError'));
      },
    });
  };

  const errorOf = (field: TextField) => {
    const key = errors[field];
    return key ? t(`storefront.errors.${key}`) : undefined;
  };
  const text = (field: TextField, max: number, extra: { placeholder?: string; type?: string } = {}) => (
    <Input
      id={`${id}-${field}`}
      data-testid={`storefront-${field}`}
      maxLength={max}
      value={values[field]}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
      onChange={(event) => set(field, event.target.value)}
      {...extra}
    />
  );
  const area = (field: TextField, max: number) => (
    <textarea
      id={`${id}-${field}`}
      data-testid={`storefront-${field}`}
      maxLength={max}
      rows={3}
      value={values[field]}
      aria-invalid={errors[field] ? true : undefined}
      onChange={(event) => set(field, event.target.value)}
      className={cn(inputClass, 'h-auto py-2')}
    />
  );
  const logo = values.logoUrl.trim() || profile.avatarUrl;

  return (
    <form
      noValidate
      onSubmit={submit}
      data-testid="storefront-setup-form"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {t('storefront.setup.title')}
      </h2>
      <label className="inline-flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          data-testid="storefront-enabled"
          checked={values.enabled}
          aria-checked={values.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
          className="h-5 w-5 accent-orange-600"
        />
        {t('storefront.setup.enabled')}
      </label>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          id={`${id}-name`}
          label={t('storefront.setup.name')}
          hint={t('storefront.setup.nameHint')}
          error={errorOf('name')}
        >
          {text('name', STOREFRONT_NAME_MAX, { placeholder: profile.businessName })}
        </Field>
        <Field
          id={`${id}-logoUrl`}
          label={t('storefront.setup.logo')}
          hint={t('storefront.setup.logoHint')}
          error={errorOf('logoUrl')}
        >
          <div className="flex items-center gap-3">
            {logo ? (
              <img
                data-testid="storefront-logo-preview"
                src={logo}
                alt={t('storefront.setup.logoPreview')}
                width={40}
                height={40}
                className="h-10 w-10 shrink-0 rounded-full object-cover"
              />
            ) : null}
            {text('logoUrl', 2048, { type: 'url', placeholder: 'https://' })}
          </div>
        </Field>
        <Field
          id={`${id}-bannerUrl`}
          label={t('storefront.setup.banner')}
          hint={t('storefront.setup.bannerHint')}
          error={errorOf('bannerUrl')}
        >
          {text('bannerUrl', 2048, { type: 'url', placeholder: 'https://' })}
        </Field>
        <Field id={`${id}-contact`} label={t('storefront.setup.contact')} error={errorOf('contact')}>
          {text('contact', STOREFRONT_CONTACT_MAX)}
        </Field>
        <Field
          id={`${id}-description`}
          label={t('storefront.setup.description')}
          error={errorOf('description')}
        >
          {area('description', STOREFRONT_DESCRIPTION_MAX)}
        </Field>
        <Field id={`${id}-returnsText`} label={t('storefront.setup.returns')} error={errorOf('returnsText')}>
          {area('returnsText', STOREFRONT_RETURNS_MAX)}
        </Field>
      </div>
      <Checklist legend={t('storefront.setup.lists')} testId="storefront-lists">
        {STOREFRONT_LISTS.map((list) => (
          <Check
            key={list}
            testId={`storefront-list-${list}`}
            checked={values.lists.includes(list)}
            onChange={(on) => set('lists', toggled(values.lists, list, on))}
          >
            {t(`storefront.lists.${list}`)}
          </Check>
        ))}
      </Checklist>
      <VirtualProductChecklist
        chosen={values.virtualProductIds}
        onChange={(ids) => set('virtualProductIds', ids)}
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          data-testid="storefront-save"
          disabled={save.isPending}
          className="w-full sm:w-auto"
        >
          {save.isPending ? <Spinner className="h-4 w-4 border-2" /> : null}
          {t('storefront.setup.save')}
        </Button>
      </div>
    </form>
  );
}

function Checklist({ legend, testId, children }: { legend: string; testId: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function Check({
  testId,
  checked,
  onChange,
  children,
}: {
  testId: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-10 min-w-0 items-center gap-2 text-sm">
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-orange-600"
      />
      {children}
    </label>
  );
}

function VirtualProductChecklist({
  chosen,
  onChange,
}: {
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const products = useVirtualProductChoices();
  const items = pageItems(products.data, (page) => page.virtualProducts);
  let body: ReactNode;
  if (products.isPending)
    body = (
      <p role="status" className="text-sm text-neutral-500">
        {t('storefront.loading')}
      </p>
    );
  else if (products.isError)
    body = (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {t('storefront.virtualProducts.loadError')}
      </p>
    );
  else if (items.length === 0)
    body = (
      <p data-testid="storefront-virtual-empty" className="text-sm text-neutral-500">
        {t('storefront.virtualProducts.empty')}
      </p>
    );
  else
    body = items.map((product) => (
      <Check
        key={product.id}
        testId={`storefront-virtual-${product.id}`}
        checked={chosen.includes(product.id)}
        onChange={(on) => onChange(toggled(chosen, product.id, on))}
      >
        <span className="min-w-0 truncate">
          {product.name} <span className="text-neutral-500">{product.sku.toUpperCase()}</span>
        </span>
      </Check>
    ));
  return (
    <Checklist legend={t('storefront.virtualProducts.title')} testId="storefront-virtual-products">
      {body}
      {products.hasNextPage ? (
        <Button type="button" variant="outline" size="sm" onClick={() => void products.fetchNextPage()}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </Checklist>
  );
}
