import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from '../i18n';
import { chooseLanguage } from '../lib/language-choice';
import { clsx as cn } from 'clsx';

export function LanguageSwitcher({
  className,
  testId = 'language-switcher',
}: {
  className?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const current = isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <label className={cn('inline-flex items-center', className)}>
      <span className="sr-only">{t('language.label')}</span>
      <select
        data-testid={testId}
        value={current}
        onChange={(event) => void chooseLanguage(event.target.value)}
        className={cn(
          'h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm text-neutral-900',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500',
          'dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100',
        )}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`language.names.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
