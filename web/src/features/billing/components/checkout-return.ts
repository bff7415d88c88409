import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SubscriptionStatus } from '@sneakers/shared';
import { PROFILE_QUERY_KEY } from '../../../lib/session/profile-query';

/** How often the summary is asked again while the provider's webhook is on its way. */
export const CHECKOUT_POLL_MS = 2_000;
/** After this long without the webhook, the section says so instead of waiting on. */
export const CHECKOUT_WAIT_MS = 60_000;

export type CheckoutReturn = 'none' | 'activating' | 'activated' | 'slow' | 'cancelled';

const initialState = (params: URLSearchParams): CheckoutReturn => {
  const checkout = params.get('checkout');
  return checkout === 'success' ? 'activating' : checkout === 'cancelled' ? 'cancelled' : 'none';
};

/**
 * The provider's Checkout sends the browser back to `/dashboard/billing?checkout=success&session_id=…`
 * or `?checkout=cancelled` (docs/product/billing.md#checkout-return). The subscription turns
 * active only when the provider's webhook has been applied, so after success the summary is
 * asked again until it says active (then a toast, and the profile is read again so the
 * dashboard banner goes), or until CHECKOUT_WAIT_MS has passed. The query is removed from the
 * address once read, so a reload does not repeat it.
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<CheckoutReturn>(() => initialState(params));

  useEffect(() => {
    if (!params.has('checkout') && !params.has('session_id')) return;
    const next = new URLSearchParams(params);
    next.delete('checkout');
    next.delete('session_id');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (state !== 'activating') return;
    const timer = setTimeout(() => setState('slow'), CHECKOUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return {
    state,
    setState,
    /** Poll the summary only while waiting for the webhook. */
    pollMs: state === 'activating' ? CHECKOUT_POLL_MS : (false as const),
    checkAgain: () => setState('activating'),
    dismiss: () => setState('none'),
  };
}

/** Once the polled summary says active: the notice, a toast, and the profile (the banner) read again. */
export function useActivation(
  checkout: ReturnType<typeof useCheckoutReturn>,
  status: SubscriptionStatus | undefined,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { state, setState } = checkout;
  const waiting = state === 'activating' || state === 'slow';
  useEffect(() => {
    if (!waiting || status !== 'active') return;
    setState('activated');
    toast.success(t('billing.checkout.activated'));
    void queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_KEY] });
  }, [waiting, status, setState, t, queryClient]);
}
