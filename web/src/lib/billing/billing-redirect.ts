import { useState } from 'react';
import {
  createCheckoutSession,
  createPortalSession,
  type BillingPlan,
  type PortalFlow,
} from '@sneakers/shared/contracts/billing';
import { useApi } from '../api';
import { isDemoRefusal } from '../demo/demo-refusal';
import { useDemoMode } from '../demo/demo-mode';
import { showDemoToast } from '../demo/demo-toast';
import { pageLocation } from '../page-location';

/** The provider's page a billing button opens: Checkout (choose a plan) or the customer portal. */
export type BillingDestination =
  { kind: 'checkout'; plan?: BillingPlan } | { kind: 'portal'; flow?: PortalFlow };

/**
 * Opens the payment provider's Checkout or customer portal for the caller's own account
 * (docs/product/billing.md#buttons): asks the API for a session, then leaves the app for its
 * address. In demo mode it shows the demo toast and asks nothing. `pending` stays set once the
 * page is leaving, so the button cannot be pressed twice.
 */
export function useBillingRedirect() {
  const api = useApi();
  const isDemo = useDemoMode();
  const [pending, setPending] = useState<BillingDestination['kind'] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const open = async (to: BillingDestination): Promise<boolean> => {
    if (isDemo) {
      showDemoToast();
      return false;
    }
    setPending(to.kind);
    setError(null);
    try {
      const { url } =
        to.kind === 'checkout'
          ? await api(createCheckoutSession, { body: to.plan ? { plan: to.plan } : {} })
          : await api(createPortalSession, { body: to.flow ? { flow: to.flow } : {} });
      pageLocation.assign(url);
      return true;
    } catch (failure) {
      console.error('Could not open the billing page', failure);
      if (isDemoRefusal(failure)) showDemoToast();
      else setError(failure);
      setPending(null);
      return false;
    }
  };

  return { open, pending, error, clearError: () => setError(null) };
}
