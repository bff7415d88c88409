import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { SidebarProvider, SidebarTrigger } from '../../../components/ui/sidebar';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { resolveDashboardLocation, type SectionId } from '../../../lib/sections';
import { FeatureNotAvailable } from '../../../lib/feature-access/feature-gate';
import { registerServiceWorker } from '../../service-worker';
import { screenForSection } from '../section-screens';
import { AppSidebar, type AppSidebarProps, type SidebarProfile } from './app-sidebar';
import { DashboardBreadcrumb } from './breadcrumb';
import { ClosureBanner } from './closure-banner';
import { SubscriptionBanner, type SubscriptionBannerProps } from './subscription-banner';

export interface DashboardShellProps {
  profile: SidebarProfile;
  isDemo: boolean;
  onSignOut: () => void;
  unreadMessages?: number;
  dimmedSections?: ReadonlySet<SectionId>;
  hasFeature?: AppSidebarProps['hasFeature'];
  /** Who the sidebar's items are chosen for (the superuser while impersonating). */
  navViewer?: AppSidebarProps['viewer'];
  /** Whether the shown user may open a section (flags gating it); 'Feature Not Available' instead. */
  canOpenSection?: (section: SectionId) => boolean;
  /** The shown user's subscription, for the banner above every section (none in demo mode). */
  subscription?: Omit<SubscriptionBannerProps, 'now'>;
  /** Asks for the user's own pending account closure (not in demo mode nor while impersonating). */
  closureBanner?: boolean;
}

/** The signed-in (or demo) app: sidebar, header with breadcrumb, and the section picked by the address. */
export function DashboardShell({
  profile,
  isDemo,
  onSignOut,
  unreadMessages,
  dimmedSections,
  hasFeature,
  navViewer,
  canOpenSection,
  subscription,
  closureBanner,
}: DashboardShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(registerServiceWorker, []);
  // DashboardRoute shows the not-found page for a path no section has, before the shell.
  const { section, detail } = resolveDashboardLocation(location.pathname, location.search) ?? {
    section: 'dashboard' as const,
  };
  const Screen = screenForSection(section, detail);
  const extra = detail ? [{ label: t(`details.${detail.kind}`) }] : [];

  return (
    <TooltipProvider>
      <SidebarProvider>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-neutral-900"
        >
          {t('common.skipToContent')}
        </a>
        <AppSidebar
          profile={profile}
          isDemo={isDemo}
          activeSection={section}
          unreadMessages={unreadMessages}
          dimmedSections={dimmedSections}
          hasFeature={hasFeature}
          viewer={navViewer}
          onSignOut={onSignOut}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-neutral-200 bg-white/90 px-3 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/90">
            <SidebarTrigger label={t('sidebar.toggle')} />
            <DashboardBreadcrumb section={section} extra={extra} />
            <div className="ml-auto flex items-center gap-1">
              <LanguageSwitcher />
              <ThemeToggle />
            </div>
          </header>
          {/* data-section: the section whose screen is committed, for the journeys that walk them all. */}
          <main
            id="main-content"
            tabIndex={-1}
            data-section={section}
            className="flex-1 p-4 focus:outline-none sm:p-6"
          >
            {closureBanner && subscription ? <ClosureBanner key={`closure:${subscription.userId}`} /> : null}
            {subscription ? <SubscriptionBanner key={subscription.userId} {...subscription} /> : null}
            {/* The dashboard always opens (docs/product/feature-flags-and-access.md#section-gates); any other gated section needs its flags. */}
            {section !== 'dashboard' && canOpenSection && !canOpenSection(section) ? (
              <FeatureNotAvailable />
            ) : (
              <Suspense fallback={<CenteredSpinner label={t('common.loading')} />}>
                <Screen
                  key={`${section}:${detail?.kind ?? ''}:${detail?.id ?? ''}`}
                  section={section}
                  detail={detail}
                  businessName={profile.businessName}
                />
              </Suspense>
            )}
          </main>
        </div>
      </SidebarProvider>
    </TooltipProvider>
  );
}
