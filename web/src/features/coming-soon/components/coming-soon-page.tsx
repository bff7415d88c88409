import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, CheckCircle2, Clock, Euro, TrendingUp } from 'lucide-react';
import type { ComingSoonSettings } from '@sneakers/shared';
import { Brand } from '../../../components/brand';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Button } from '../../../components/ui/button';

const STATS = [
  { id: 'profit', icon: TrendingUp },
  { id: 'volume', icon: Euro },
  { id: 'time', icon: Clock },
] as const;

/** Formats an ISO date (YYYY-MM-DD) in the UI language, independent of the visitor's time zone. */
export function formatLaunchDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export interface ComingSoonPageProps {
  /** Null when no admin has saved settings: the default title and subtitle show. */
  settings: ComingSoonSettings | null;
}

/** Shown on / while an admin keeps the coming-soon switch on. */
export function ComingSoonPage({ settings }: ComingSoonPageProps) {
  const { t, i18n } = useTranslation();
  const title = settings?.title.trim() || t('comingSoon.defaultTitle');
  const subtitle = settings?.subtitle.trim() || t('comingSoon.defaultSubtitle');
  const launchDate = settings?.launchDate
    ? formatLaunchDate(settings.launchDate, i18n.resolvedLanguage ?? 'en')
    : null;

  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-orange-50 to-white dark:from-neutral-900 dark:to-neutral-950">
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-8">
        <Brand />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>

      <main
        id="main-content"
        className="mx-auto flex w-full max-w-4xl flex-1 flex-col items-center gap-10 px-4 py-12 text-center sm:py-20"
      >
        <div className="flex flex-col items-center gap-4">
          <span className="rounded-full bg-orange-100 px-3 py-1 text-xs font-semibold tracking-wide text-orange-800 uppercase dark:bg-orange-950 dark:text-orange-200">
            {t('comingSoon.badge')}
          </span>
          <h1
            data-testid="coming-soon-title"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            {title}
          </h1>
          <p
            data-testid="coming-soon-subtitle"
            className="max-w-2xl text-lg text-pretty text-neutral-600 dark:text-neutral-300"
          >
            {subtitle}
          </p>
        </div>

        <ul className="grid w-full gap-4 sm:grid-cols-3" aria-label={t('comingSoon.statsLabel')}>
          {STATS.map(({ id, icon: Icon }) => (
            <li
              key={id}
              className="flex flex-col items-center gap-1 rounded-xl border border-neutral-200 bg-white p-5 shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
            >
              <Icon aria-hidden="true" className="mb-1 h-6 w-6 text-orange-600 dark:text-orange-400" />
              <span className="text-3xl font-bold">{t(`comingSoon.stats.${id}.value`)}</span>
              <span className="text-sm text-neutral-600 dark:text-neutral-400">
                {t(`comingSoon.stats.${id}.label`)}
              </span>
            </li>
          ))}
        </ul>

        <EarlyAccessForm />

        {launchDate ? (
          <p
            data-testid="launch-date"
            className="inline-flex items-center gap-2 text-sm text-neutral-700 dark:text-neutral-300"
          >
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            {t('comingSoon.launchDate', { date: launchDate })}
          </p>
        ) : null}
      </main>

      <footer className="border-t border-neutral-200 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        <p>{t('footer.rights', { year: new Date().getFullYear(), name: t('app.name') })}</p>
        <p className="mt-1">
          <Link
            to="/auth"
            className="underline underline-offset-4 hover:text-neutral-900 dark:hover:text-neutral-100"
          >
            {t('footer.signIn')}
          </Link>
        </p>
      </footer>
    </div>
  );
}

/** Only confirms on screen: there is no early-access list to call yet (docs/product/landing-and-coming-soon.md#early-access-form). */
export function EarlyAccessForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [joined, setJoined] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) return;
    setJoined(true);
  };

  if (joined) {
    return (
      <div role="status" data-testid="early-access-confirmation" className="flex flex-col items-center gap-1">
        <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-green-600 dark:text-green-400" />
        <p className="text-lg font-semibold">{t('comingSoon.joinedTitle')}</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('comingSoon.joinedBody')}</p>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('comingSoon.formLabel')}
      className="flex w-full max-w-md flex-col gap-2 sm:flex-row"
    >
      <label htmlFor={inputId} className="sr-only">
        {t('comingSoon.emailLabel')}
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder={t('comingSoon.emailPlaceholder')}
        className="h-11 flex-1 rounded-md border border-neutral-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:border-neutral-700 dark:bg-neutral-900"
      />
      <Button type="submit" size="lg" className="h-11">
        {t('comingSoon.submit')}
      </Button>
    </form>
  );
}
