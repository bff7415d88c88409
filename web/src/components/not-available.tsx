import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { cn } from '../lib/utils';

export interface NotAvailableProps {
  /** The translated name of the section or screen. */
  section: string;
  /** Heading level of the title; 1 when the panel is the whole page. */
  level?: 1 | 2;
  children?: ReactNode;
  className?: string;
}

/** The honest panel for screens whose issue has not landed: no fake data. */
export function NotAvailable({ section, level = 2, children, className }: NotAvailableProps) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section
      data-testid="not-available"
      aria-labelledby="not-available-title"
      className={cn(
        'mx-auto flex max-w-xl flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 bg-white p-8 text-center',
        'dark:border-neutral-700 dark:bg-neutral-900',
        className,
      )}
    >
      <Construction aria-hidden="true" className="h-10 w-10 text-orange-600 dark:text-orange-400" />
      <Heading
        id="not-available-title"
        className="text-lg font-semibold text-neutral-900 dark:text-neutral-50"
      >
        {t('notAvailable.title', { section })}
      </Heading>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('notAvailable.body')}</p>
      {children}
    </section>
  );
}
