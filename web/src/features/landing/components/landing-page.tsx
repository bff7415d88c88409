import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ChartColumn from 'lucide-react/icons/chart-column';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import Package from 'lucide-react/icons/package';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';
import { Brand } from '../../../components/brand';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { buttonClass } from '../../../components/ui/button-styles';

// The landing page renders before the router exists (its JavaScript budget): links are plain
// anchors whose clicks are handed to `onNavigate`.

export interface LandingPageProps {
  onTryDemo: () => void;
  /** Client-side navigation into the app (/auth, /auth?tab=signup). */
  onNavigate: (to: string) => void;
  /** The visitor is about to leave the page (hover or focus on a link): preload the app. */
  onIntent?: () => void;
}

/** Where Start Now and the other sign-up calls lead: /auth on its Sign Up tab. */
export const SIGN_UP_PATH = '/auth?tab=signup';

/** Hero figures (docs/product/landing-and-coming-soon.md#hero). */
export const HERO_STATS = ['profit', 'time', 'volume', 'users'] as const;
export const FEATURES = [
  { id: 'analytics', icon: ChartColumn },
  { id: 'inventory', icon: Package },
  { id: 'customers', icon: Users },
] as const;
export const TIME_SAVINGS = ['inventory', 'followUps', 'reporting'] as const;
export const REVENUE_IMPACT = ['pricing', 'stockouts', 'retention'] as const;

function AppLink({
  to,
  onNavigate,
  onIntent,
  className,
  testId,
  children,
}: {
  to: string;
  onNavigate: (to: string) => void;
  onIntent?: () => void;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <a
      href={to}
      data-testid={testId}
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={className}
    >
      {children}
    </a>
  );
}

/** The public landing page for signed-out visitors (docs/product/landing-and-coming-soon.md#landing-page). */
export function LandingPage({ onTryDemo, onNavigate, onIntent }: LandingPageProps) {
  const { t } = useTranslation();
  const link = { onNavigate, onIntent };
  const card =
    'rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900';

  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b border-neutral-200 dark:border-neutral-800">
        {/* Mobile: brand and preferences on one row, the three actions on the next. */}
        <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center gap-3 px-4 py-3 sm:flex sm:px-6">
          <div className="sm:mr-auto">
            <Brand />
          </div>
          <div className="flex items-center gap-2 sm:order-1">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
          <nav
            aria-label={t('landing.navLabel')}
            className="col-span-2 grid grid-cols-3 gap-2 sm:order-2 sm:flex"
          >
            <button
              type="button"
              data-testid="try-demo"
              onClick={onTryDemo}
              onPointerEnter={onIntent}
              className={buttonClass('ghost')}
            >
              {t('landing.tryDemo')}
            </button>
            <AppLink to="/auth" testId="sign-in" className={buttonClass('outline')} {...link}>
              {t('landing.signIn')}
            </AppLink>
            <AppLink to={SIGN_UP_PATH} testId="start-now" className={buttonClass()} {...link}>
              {t('landing.startNow')}
            </AppLink>
          </nav>
        </div>
      </header>

      <main id="main-content" className="flex-1">
        <section
          aria-labelledby="hero-title"
          className="bg-gradient-to-b from-orange-50 to-white dark:from-neutral-900 dark:to-neutral-950"
        >
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 pt-16 pb-12 text-center sm:pt-20">
            <p className="rounded-full bg-orange-100 px-3 py-1 text-sm font-medium text-orange-800 dark:bg-orange-950 dark:text-orange-200">
              {t('landing.heroBadge')}
            </p>
            <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {t('landing.heroTitle')}
            </h1>
            <p className="max-w-2xl text-lg text-pretty text-neutral-600 dark:text-neutral-300">
              {t('landing.heroSubtitle')}
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <AppLink
                to={SIGN_UP_PATH}
                testId="hero-start-now"
                className={buttonClass('default', 'lg')}
                {...link}
              >
                {t('landing.startNow')}
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </AppLink>
              <button type="button" onClick={onTryDemo} className={buttonClass('outline', 'lg')}>
                {t('landing.tryDemo')}
              </button>
            </div>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('landing.tagline')}</p>
            <dl data-testid="landing-stats" className="mt-4 grid w-full grid-cols-2 gap-4 sm:grid-cols-4">
              {HERO_STATS.map((id) => (
                <div key={id} data-testid={`landing-stat-${id}`} className={`${card} flex flex-col gap-1`}>
                  <dt className="text-sm text-neutral-600 dark:text-neutral-400">
                    {t(`landing.stats.${id}.label`)}
                  </dt>
                  <dd className="order-first text-3xl font-extrabold text-orange-600 dark:text-orange-400">
                    {t(`landing.stats.${id}.value`)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
            {t('landing.featuresTitle')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-neutral-600 dark:text-neutral-400">
            {t('landing.featuresSubtitle')}
          </p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ id, icon: Icon }) => (
              <li key={id} data-testid={`landing-feature-${id}`} className={card}>
                <span
                  aria-hidden="true"
                  className="grid h-10 w-10 place-items-center rounded-lg bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300"
                >
                  <Icon className="h-5 w-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{t(`landing.features.${id}.title`)}</h3>
                <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
                  {t(`landing.features.${id}.body`)}
                </p>
                <p className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-green-700 dark:text-green-400">
                  <TrendingUp aria-hidden="true" className="h-4 w-4" />
                  {t(`landing.features.${id}.claim`)}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="roi-title"
          data-testid="roi-block"
          className="bg-neutral-50 py-16 dark:bg-neutral-900/50"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="roi-title" className="text-center text-3xl font-bold tracking-tight">
              {t('landing.roi.title')}
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-neutral-600 dark:text-neutral-400">
              {t('landing.roi.subtitle')}
            </p>
            <div className="mt-10 grid gap-6 md:grid-cols-3">
              <div className={card}>
                <h3 className="inline-flex items-center gap-2 text-lg font-semibold">
                  <Clock aria-hidden="true" className="h-5 w-5 text-orange-600" />
                  {t('landing.roi.timeTitle')}
                </h3>
                <ul className="mt-4 flex flex-col gap-3 text-sm">
                  {TIME_SAVINGS.map((id) => (
                    <li key={id} className="flex justify-between gap-3">
                      <span>{t(`landing.roi.time.${id}.label`)}</span>
                      <span className="font-semibold">{t(`landing.roi.time.${id}.value`)}</span>
                    </li>
                  ))}
                  <li className="flex justify-between gap-3 border-t border-neutral-200 pt-3 font-semibold dark:border-neutral-800">
                    <span>{t('landing.roi.timeTotal.label')}</span>
                    <span className="text-orange-600 dark:text-orange-400">
                      {t('landing.roi.timeTotal.value')}
                    </span>
                  </li>
                </ul>
              </div>
              <div className={card}>
                <h3 className="inline-flex items-center gap-2 text-lg font-semibold">
                  <TrendingUp aria-hidden="true" className="h-5 w-5 text-orange-600" />
                  {t('landing.roi.revenueTitle')}
                </h3>
                <ul className="mt-4 flex flex-col gap-3 text-sm">
                  {REVENUE_IMPACT.map((id) => (
                    <li key={id} className="flex justify-between gap-3">
                      <span>{t(`landing.roi.revenue.${id}.label`)}</span>
                      <span className="font-semibold text-green-700 dark:text-green-400">
                        {t(`landing.roi.revenue.${id}.value`)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex flex-col justify-center rounded-2xl bg-orange-600 p-6 text-white shadow-sm dark:bg-orange-700">
                <p data-testid="roi-profit" className="text-4xl font-extrabold">
                  {t('landing.roi.profit.value')}
                </p>
                <p className="mt-2 text-sm text-orange-50">{t('landing.roi.profit.label')}</p>
                <ul className="mt-4 flex flex-col gap-2 text-sm">
                  {(['profits', 'repeat'] as const).map((id) => (
                    <li key={id} className="inline-flex items-center gap-2">
                      <Check aria-hidden="true" className="h-4 w-4" />
                      {t(`landing.roi.claims.${id}`)}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-title" data-testid="landing-cta" className="px-4 py-16 text-center">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance">
            {t('landing.cta.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-neutral-600 dark:text-neutral-400">
            {t('landing.cta.body')}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <AppLink to={SIGN_UP_PATH} testId="cta-start" className={buttonClass('default', 'lg')} {...link}>
              {t('landing.cta.button')}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </AppLink>
            <button type="button" onClick={onTryDemo} className={buttonClass('outline', 'lg')}>
              {t('landing.tryDemo')}
            </button>
          </div>
          <p data-testid="landing-tagline" className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">
            {t('landing.ctaTagline')}
          </p>
        </section>
      </main>

      <footer className="border-t border-neutral-200 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        {t('footer.rights', { year: new Date().getFullYear(), name: t('app.name') })}
      </footer>
    </div>
  );
}
