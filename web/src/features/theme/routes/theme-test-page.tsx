import { useTranslation } from 'react-i18next';
import { PageScreen } from '../../../components/page-screen';
import { Button } from '../../../components/ui/button';
import { THEMES, useTheme } from '../../../lib/theme';

/** /theme-test: the theme flags and buttons to switch them. */
export function ThemeTestPage() {
  const { t } = useTranslation();
  const { theme, resolvedTheme, setTheme } = useTheme();
  const flags: Array<[string, string]> = [
    [t('themeTest.current'), t(`theme.names.${theme}`)],
    [t('themeTest.resolved'), t(`theme.names.${resolvedTheme}`)],
    [t('themeTest.isDark'), t(resolvedTheme === 'dark' ? 'common.yes' : 'common.no')],
    [t('themeTest.isLight'), t(resolvedTheme === 'light' ? 'common.yes' : 'common.no')],
    [t('themeTest.isSystem'), t(theme === 'system' ? 'common.yes' : 'common.no')],
  ];
  return (
    <PageScreen>
      <section
        aria-labelledby="theme-test-title"
        className="w-full max-w-md rounded-xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
      >
        <h1 id="theme-test-title" className="mb-4 text-xl font-semibold">
          {t('themeTest.title')}
        </h1>
        <dl data-testid="theme-flags" className="mb-6 grid grid-cols-2 gap-y-2 text-sm">
          {flags.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-600 dark:text-neutral-400">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <div role="group" aria-label={t('themeTest.choose')} className="flex flex-wrap gap-2">
          {THEMES.map((option) => (
            <Button
              key={option}
              variant={theme === option ? 'default' : 'outline'}
              aria-pressed={theme === option}
              data-testid={`theme-${option}`}
              onClick={() => setTheme(option)}
            >
              {t(`theme.names.${option}`)}
            </Button>
          ))}
        </div>
      </section>
    </PageScreen>
  );
}
