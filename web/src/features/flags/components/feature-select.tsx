import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/form';
import { useFlagsList } from '../api/queries';

export interface FeatureSelectProps {
  id: string;
  value: string;
  onChange: (feature: string) => void;
  testId: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/** A feature picked from the existing flags (the list the Flags tab already loaded). */
export function FeatureSelect({
  id,
  value,
  onChange,
  testId,
  invalid,
  describedBy,
  disabled,
}: FeatureSelectProps) {
  const { t } = useTranslation();
  const flags = useFlagsList().data ?? [];
  const names = flags.map((f) => f.name);
  // A feature no longer in the list (an override of a deleted flag) stays choosable as it is.
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <Select
      id={id}
      data-testid={testId}
      value={value}
      disabled={disabled}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{t('flags.overrides.chooseFeature')}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </Select>
  );
}
