import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminUser, UserProfile } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { pageItems } from '../../../lib/page-items';
import { useAdminUsers } from '../api/queries';
import { stripImpersonationParams } from '../impersonation/address';
import { useStartImpersonation } from '../impersonation/actions';
import { adminErrorText } from '../model/errors';
import { ExtendTrialDialog } from './extend-trial-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** A date (trial end, sign-up) in the reader's language; the raw text if it is not a date. */
export function formatDate(value: string, language: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toLocaleDateString(language);
}

/** Every user, searchable by business name or email, a page at a time, each with Impersonate. */
export function UsersPanel({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const query = useAdminUsers(search);
  const users = useMemo(() => pageItems(query.data, (page) => page.users), [query.data]);
  const start = useStartImpersonation();
  const [starting, setStarting] = useState<string | null>(null);
  const [extending, setExtending] = useState<AdminUser | null>(null);

  const impersonate = async (user: AdminUser) => {
    setStarting(user.userId);
    try {
      // Back to this very screen (and tab) when it stops.
      await start(user.userId, profile, `${location.pathname}${stripImpersonationParams(location.search)}`);
    } catch (error) {
      console.error('Could not start impersonating', error);
      toast.error(t('admin.users.impersonateFailed'), {
        description: adminErrorText(error, t, t('admin.errors.generic')),
      });
      setStarting(null);
    }
  };

  return (
    <section aria-labelledby="admin-users-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="admin-users-title" className="text-lg font-semibold">
        {t('admin.users.title')}
      </h2>
      <PagedList
        query={query}
        items={users}
        getKey={(user) => user.userId}
        label={t('admin.users.title')}
        testId="admin-users"
        rowTestId="admin-user-row"
        errorText={adminErrorText(query.error, t, t('admin.users.loadError'))}
        empty={search ? t('admin.users.noMatch') : t('admin.users.empty')}
        search={{ value: text, onChange: setText, label: t('admin.users.search') }}
        renderItem={(user) => (
          <div className="flex flex-col gap-3 md:flex-row md:items-center">
            <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-4 lg:grid-cols-7">
              <Cell label={t('admin.users.columns.businessName')} wide>
                <span className="font-semibold">{user.businessName || '—'}</span>
                {user.isSuperuser ? (
                  <Badge tone="orange" className="ml-2">
                    {t('admin.users.superuser')}
                  </Badge>
                ) : null}
              </Cell>
              <Cell label={t('admin.users.columns.email')} wide>
                <span className="break-all">{user.email}</span>
              </Cell>
              <Cell label={t('admin.users.columns.role')}>{t(`roles.${user.role}`)}</Cell>
              <Cell label={t('admin.users.columns.plan')}>{t(`admin.plans.${user.plan}`)}</Cell>
              <Cell label={t('admin.users.columns.status')}>
                {t(`admin.statuses.${user.subscriptionStatus}`)}
              </Cell>
              <Cell label={t('admin.users.columns.trialEnd')}>
                {formatDate(user.trialEndsAt, i18n.language)}
              </Cell>
              <Cell label={t('admin.users.columns.created')}>
                {formatDate(user.createdAt, i18n.language)}
              </Cell>
            </dl>
            <div className="flex flex-wrap gap-2 self-start md:self-center">
              {user.subscriptionStatus === 'active' ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  data-testid="admin-extend-trial"
                  aria-label={t('admin.extendTrial.openNamed', { name: user.businessName || user.email })}
                  onClick={() => setExtending(user)}
                >
                  {t('admin.extendTrial.open')}
                </Button>
              )}
              {user.userId === profile.userId ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  data-testid="admin-impersonate"
                  aria-label={t('admin.users.impersonateNamed', { name: user.businessName || user.email })}
                  aria-disabled={starting !== null}
                  onClick={() => {
                    if (starting === null) void impersonate(user);
                  }}
                  className="aria-disabled:opacity-50"
                >
                  {starting === user.userId ? t('admin.users.impersonating') : t('admin.users.impersonate')}
                </Button>
              )}
            </div>
          </div>
        )}
      />
      <ExtendTrialDialog user={extending} onClose={() => setExtending(null)} />
    </section>
  );
}

function Cell({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 md:col-span-2 lg:col-span-1' : 'min-w-0'}>
      <dt className="text-xs text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
