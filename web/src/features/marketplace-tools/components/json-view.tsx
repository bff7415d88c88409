import { useTranslation } from 'react-i18next';
import { CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** A raw JSON answer, pretty-printed and scrollable. */
export function JsonView({
  value,
  testId,
  className,
}: {
  value: unknown;
  testId?: string;
  className?: string;
}) {
  return (
    <pre
      data-testid={testId}
      tabIndex={0}
      className={cn(
        'max-h-[32rem] overflow-auto rounded-lg bg-neutral-950 p-3 font-mono text-xs leading-relaxed text-neutral-100 focus-visible:outline-2 focus-visible:outline-orange-500',
        className,
      )}
    >
      {JSON.stringify(value, null, 2) ?? 'undefined'}
    </pre>
  );
}

/** The Success or Error badge of a call (docs/product/catalogue.md#marketplace-api-test-page). */
export function ResultBadge({ ok, testId }: { ok: boolean; testId?: string }) {
  const { t } = useTranslation();
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <span
      data-testid={testId}
      data-ok={ok}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        ok
          ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200'
          : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {ok ? t('marketplaceTools.api.success') : t('marketplaceTools.api.error')}
    </span>
  );
}
