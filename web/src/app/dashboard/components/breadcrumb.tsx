import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Home } from 'lucide-react';
import { sectionHref, type SectionId } from '../../../lib/sections';
import { cn } from '../../../lib/utils';

export interface Crumb {
  label: string;
  href?: string;
}

export interface DashboardBreadcrumbProps {
  section: SectionId;
  /** Crumbs after the section (detail pages); the last one is the current page. */
  extra?: readonly Crumb[];
}

const linkClass =
  'rounded-sm hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-orange-500 dark:hover:text-neutral-100';

/** Home icon to /dashboard, the section linking to its page, then optional crumbs. */
export function DashboardBreadcrumb({ section, extra = [] }: DashboardBreadcrumbProps) {
  const { t } = useTranslation();
  const crumbs: Crumb[] = [];
  if (section !== 'dashboard' || extra.length > 0)
    crumbs.push({ label: t(`sections.${section}`), href: sectionHref(section) });
  crumbs.push(...extra);
  return (
    <nav aria-label={t('breadcrumb.label')} data-testid="breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-neutral-600 dark:text-neutral-400">
        <li className="flex shrink-0 items-center">
          <Link to="/dashboard" className={linkClass} aria-current={crumbs.length === 0 ? 'page' : undefined}>
            <Home aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{t('breadcrumb.home')}</span>
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          // On a phone only Home and the current page fit beside the header's controls.
          const between = last ? '' : 'hidden sm:flex';
          return (
            <Fragment key={`${crumb.label}-${index}`}>
              <li aria-hidden="true" className={cn('shrink-0', between)}>
                <ChevronRight className="h-4 w-4" />
              </li>
              <li className={cn('min-w-0 truncate', between)}>
                {crumb.href && !last ? (
                  <Link to={crumb.href} className={linkClass}>
                    {crumb.label}
                  </Link>
                ) : crumb.href ? (
                  <Link
                    to={crumb.href}
                    aria-current="page"
                    className={`${linkClass} font-medium text-neutral-900 dark:text-neutral-100`}
                  >
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page" className="font-medium text-neutral-900 dark:text-neutral-100">
                    {crumb.label}
                  </span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
