import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import type { UserProfile } from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useSession } from '../../../lib/session/use-session';
import { FeatureNotAvailable } from '../../../lib/feature-access/feature-gate';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { useAdminUsers } from '../api/queries';
import { isRefusal } from '../model/errors';
import { AuditPanel } from './audit-panel';
import { SettingsPanel } from './settings-panel';
import { UsersPanel } from './users-panel';

export const ADMIN_TABS = ['users', 'settings', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab === value);

/**
 * The admin screen (`/dashboard?page=admin`, docs/product/administration.md#admin-section): users with
 * impersonation, the site settings and the audit log. Superusers only: anyone else sees
 * 'Feature Not Available' from their profile (the API's refusal if the profile is stale). The open tab is in the address (`tab`), so impersonation returns to it.
 */
export function AdminSection() {
  const { t } = useTranslation();
  const session = useSession();
  const isDemo = useDemoMode();
  const title = t('admin.title');
  return (
    <div className="flex max-w-6xl min-w-0 flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {/* Demo mode has no token: these are every user's records. */}
      {isDemo || session.status !== 'signed-in' ? (
        <NotAvailable section={title} />
      ) : session.profile?.isSuperuser === false ? (
        // Every admin route refuses anyone else: their profile says so before any call.
        <FeatureNotAvailable />
      ) : session.profile ? (
        <AdminScreen profile={session.profile} />
      ) : (
        <CenteredSpinner label={t('common.loading')} />
      )}
    </div>
  );
}

function AdminScreen({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: AdminTab = isTab(tabParam) ? tabParam : 'users';
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});
  // The first page of users says whether the API lets this caller in (the Users tab shows it).
  const probe = useAdminUsers('');

  if (probe.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (isRefusal(probe.error)) {
    return (
      <div
        role="alert"
        data-testid="admin-forbidden"
        className="flex flex-col items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      >
        <ShieldAlert aria-hidden="true" className="h-8 w-8" />
        <p className="font-semibold">{t('admin.forbiddenTitle')}</p>
        <p>{probe.error.status === 401 ? t('admin.errors.unauthenticated') : probe.error.message}</p>
      </div>
    );
  }

  const select = (next: AdminTab) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'users') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = ADMIN_TABS[(ADMIN_TABS.indexOf(tab) + step + ADMIN_TABS.length) % ADMIN_TABS.length]!;
    select(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div
        role="tablist"
        aria-label={t('admin.tabs.label')}
        className="flex flex-wrap gap-1 border-b border-neutral-200 dark:border-neutral-800"
      >
        {ADMIN_TABS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${id}`}
            data-testid={`admin-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`admin-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            onKeyDown={onKeyDown}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-orange-500',
              tab === id
                ? 'border-orange-600 text-orange-700 dark:border-orange-400 dark:text-orange-300'
                : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100',
            )}
          >
            {t(`admin.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} className="min-w-0">
        {tab === 'users' ? (
          <UsersPanel profile={profile} />
        ) : tab === 'settings' ? (
          <SettingsPanel />
        ) : (
          <AuditPanel />
        )}
      </div>
    </div>
  );
}
