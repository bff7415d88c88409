import { useTranslation } from 'react-i18next';
import { errorText } from '../model/errors';

/** A refusal explained in the user's language, with the server's detail when it adds one. */
export function ErrorAlert({ error, testId = 'migration-error' }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  const { key, detail } = errorText(error);
  const explanation = key ? t(`migration.errors.${key}`) : (detail ?? t('migration.errors.generic'));
  return (
    <div
      role="alert"
      data-testid={testId}
      data-code={key ?? undefined}
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-medium">{explanation}</p>
      {key && detail && detail !== explanation ? <p className="mt-1 text-xs">{detail}</p> : null}
    </div>
  );
}

/** A labelled progress bar screen readers announce (role progressbar with its value). */
export function ProgressBar({
  value,
  label,
  text,
  testId,
}: {
  /** 0..1, or null while unknown. */
  value: number | null;
  label: string;
  text?: string;
  testId: string;
}) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        data-testid={testId}
        data-value={percent ?? ''}
        className="h-3 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
      >
        <div
          className="h-full rounded-full bg-orange-600 transition-[width] dark:bg-orange-500"
          style={{ width: `${percent ?? 5}%` }}
        />
      </div>
      {text ? <p className="text-xs text-neutral-600 dark:text-neutral-400">{text}</p> : null}
    </div>
  );
}
