import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { UserRoundCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useAuthState } from '../../../lib/session/auth-store';
import {
  activeImpersonationOf,
  endedImpersonations,
  endImpersonationHere,
  getImpersonation,
  onImpersonationInvalid,
  setImpersonation,
  useImpersonation,
} from '../../../lib/impersonation/impersonation-state';
import { safeReturnUrl, stripImpersonationParams } from './address';
import { useEndImpersonation } from './actions';

/** Longest single timer browsers honour (~24.8 days); an expiry is 30 minutes away anyway. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Keeps impersonation mode (docs/product/administration.md#impersonation) in step with the address, the sign-in and the
 * server, and shows its banner on every screen of the app:
 * - an address with impersonating=1 and nothing stored is a lost impersonation (Stop signs out);
 * - signing out, or another user signing in, ends it;
 * - the API refusing the grant (expired, stopped elsewhere) or its expiry ends it with a toast.
 */
export function ImpersonationController() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useImpersonation();
  const { stop, restore } = useEndImpersonation();
  const [stopping, setStopping] = useState(false);
  const userId = auth.status === 'signed-in' ? auth.userId : null;
  const active = activeImpersonationOf(state, userId);

  useEffect(() => {
    if (auth.status === 'loading') return;
    const current = getImpersonation();
    if (
      auth.status === 'signed-out' ||
      (current?.status === 'active' && !activeImpersonationOf(current, userId))
    )
      endImpersonationHere(current);
  }, [auth.status, userId]);

  useEffect(() => {
    if (auth.status !== 'signed-in') return;
    const params = new URLSearchParams(location.search);
    if (params.get('impersonating') !== '1' || getImpersonation()) return;
    if (endedImpersonations().includes(params.get('via') ?? '')) {
      void navigate(
        { pathname: location.pathname, search: stripImpersonationParams(location.search) },
        {
          replace: true,
        },
      );
      return;
    }
    setImpersonation({
      status: 'orphan',
      targetUserId: params.get('as'),
      impersonationId: params.get('via'),
      returnUrl: safeReturnUrl(params.get('admin_return_url')),
    });
  }, [auth.status, location.pathname, location.search, navigate]);

  useEffect(
    () =>
      onImpersonationInvalid((ended) => {
        if (ended.status !== 'active') return;
        toast.error(t('impersonation.endedTitle'), { description: t('impersonation.endedBody') });
        void restore(ended);
      }),
    [restore, t],
  );

  useEffect(() => {
    if (!active) return;
    const ending = () => {
      if (getImpersonation() !== active) return;
      endImpersonationHere(active);
      toast.error(t('impersonation.endedTitle'), { description: t('impersonation.expiredBody') });
      void restore(active);
    };
    const left = Date.parse(active.expiresAt) - Date.now();
    if (Number.isNaN(left)) return;
    const timer = window.setTimeout(ending, Math.min(Math.max(left, 0), MAX_TIMEOUT_MS));
    return () => window.clearTimeout(timer);
  }, [active, restore, t]);

  if (!active && state?.status !== 'orphan') return null;

  const onStop = () => {
    setStopping(true);
    void stop().finally(() => setStopping(false));
  };

  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2 border-b border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <UserRoundCheck aria-hidden="true" className="h-4 w-4 shrink-0" />
      <p className="min-w-0 break-words">
        {active
          ? t('impersonation.banner', { name: active.target.businessName, email: active.target.email })
          : t('impersonation.orphan')}
      </p>
      <Button
        size="sm"
        variant="outline"
        data-testid="impersonation-stop"
        aria-disabled={stopping}
        onClick={() => {
          if (!stopping) onStop();
        }}
      >
        {stopping ? t('impersonation.stopping') : t('impersonation.stop')}
      </Button>
    </div>
  );
}
