import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { Brand } from '../../../components/brand';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Button } from '../../../components/ui/button';

export interface LandingPageProps {
  onTryDemo: () => void;
}

/** The public landing page (the full marketing page is a later issue). Keep it light. */
export function LandingPage({ onTryDemo }: LandingPageProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b border-neutral-200 dark:border-neutral-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Brand />
          <nav aria-label={t('landing.navLabel')} className="flex flex-wrap items-center gap-2">
            <LanguageSwitcher />
            <ThemeToggle />
            <Button variant="ghost" data-testid="try-demo" onClick={onTryDemo}>
              {t('landing.tryDemo')}
            </Button>
            <Button asChild variant="outline">
              <Link to="/auth" data-testid="sign-in">
                {t('landing.signIn')}
              </Link>
            </Button>
            <Button asChild>
              <Link to="/auth" data-testid="start-now">
                {t('landing.startNow')}
              </Link>
            </Button>
          </nav>
        </div>
      </header>
      <main id="main-content" className="flex flex-1 items-center">
        <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t('landing.heroTitle')}
          </h1>
          <p className="text-lg text-pretty text-neutral-600 dark:text-neutral-300">
            {t('landing.heroSubtitle')}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/auth">
                {t('landing.startNow')}
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </Button>
            <Button size="lg" variant="outline" onClick={onTryDemo}>
              {t('landing.tryDemo')}
            </Button>
          </div>
          <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('landing.tagline')}</p>
        </section>
      </main>
      <footer className="border-t border-neutral-200 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        {t('footer.rights', { year: new Date().getFullYear(), name: t('app.name') })}
      </footer>
    </div>
  );
}
