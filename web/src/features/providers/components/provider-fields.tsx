import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Input } from '../../../components/ui/form';
import type { ProviderDraft, ProviderDraftErrors, ProviderField } from '../model/provider-form';

export interface ProviderFieldsProps {
  draft: ProviderDraft;
  errors: ProviderDraftErrors;
  onChange: (field: ProviderField, value: string) => void;
  /** Overrides the IBAN hint (editing explains the masked current IBAN). */
  ibanHint?: ReactNode;
  /** Beside the IBAN input (editing: Reveal). */
  ibanAction?: ReactNode;
  disabled?: boolean;
  testIdPrefix?: string;
}

const INPUT: Record<ProviderField, { type: string; autoComplete: string; inputMode?: 'email' | 'tel' }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  alias: { type: 'text', autoComplete: 'nickname' },
  dni: { type: 'text', autoComplete: 'off' },
  iban: { type: 'text', autoComplete: 'off' },
};

/**
 * The provider's fields (docs/product/providers-and-consignments.md#provider-form): full name and email required; phone, alias,
 * DNI/ID and IBAN optional. Errors are i18n keys or the server's own message.
 */
export function ProviderFields({
  draft,
  errors,
  onChange,
  ibanHint,
  ibanAction,
  disabled,
  testIdPrefix = 'provider-form',
}: ProviderFieldsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const field = (key: ProviderField, required = false, hint?: ReactNode, action?: ReactNode) => {
    const fieldId = `${id}-${key}`;
    const error = errors[key];
    const input = (
      <Input
        id={fieldId}
        name={key}
        data-testid={`${testIdPrefix}-${key}`}
        value={draft[key]}
        onChange={(e) => onChange(key, e.target.value)}
        // A masked IBAN is selected on focus, so typing replaces it rather than editing the dots.
        onFocus={key === 'iban' && draft.iban.includes('•') ? (e) => e.currentTarget.select() : undefined}
        required={required}
        aria-required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        disabled={disabled}
        type={INPUT[key].type}
        autoComplete={INPUT[key].autoComplete}
        inputMode={INPUT[key].inputMode}
        placeholder={key === 'iban' ? 'ES91 2100 0418 4502 0005 1332' : undefined}
        spellCheck={key === 'iban' || key === 'dni' || key === 'email' ? false : undefined}
        className={action ? 'min-w-0 flex-1' : undefined}
      />
    );
    return (
      <Field
        id={fieldId}
        label={
          <>
            {t(`providers.form.${key}`)}
            {required ? (
              <span aria-hidden="true"> *</span>
            ) : (
              <span className="font-normal text-neutral-500"> {t('providers.form.optional')}</span>
            )}
          </>
        }
        error={error ? (i18n.exists(error) ? t(error) : error) : undefined}
        hint={hint}
      >
        {action ? (
          <div className="flex gap-2">
            {input}
            {action}
          </div>
        ) : (
          input
        )}
      </Field>
    );
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field('name', true)}
      {field('email', true)}
      {field('phone')}
      {field('alias')}
      {field('dni')}
      {field('iban', false, ibanHint ?? t('providers.form.ibanHint'), ibanAction)}
    </div>
  );
}
