import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import '../../test/setup';
import { renderWithApi, sampleFlag, storeAccess, type MyAccess } from '../../test/feature-access-support';
import { FeatureGate } from './feature-gate';

function renderGate(access: MyAccess, fallback?: string) {
  return renderWithApi(
    <FeatureGate feature="beta-screen" fallback={fallback === undefined ? undefined : <p>{fallback}</p>}>
      <p>The beta screen</p>
    </FeatureGate>,
    (url) => (url.pathname === '/api/feature-access/me' ? Response.json(access) : undefined),
  );
}

describe('FeatureGate', () => {
  it('shows its children to a user the decision allows', async () => {
    renderGate(storeAccess([sampleFlag('beta-screen', { rolloutPercentage: 100 })]));
    expect(await screen.findByText('The beta screen')).toBeTruthy();
    expect(screen.queryByText('Feature Not Available')).toBeNull();
  });

  it('shows the fallback to a user the decision denies', async () => {
    renderGate(storeAccess([sampleFlag('beta-screen', { rolloutPercentage: 0 })]), 'Coming soon for you');
    expect(await screen.findByText('Coming soon for you')).toBeTruthy();
    expect(screen.queryByText('The beta screen')).toBeNull();
  });

  it("shows the documented 'Feature Not Available' text without a fallback", async () => {
    // Granted the feature, but the flag is off: a disabled flag denies before grants.
    renderGate(storeAccess([sampleFlag('beta-screen', { isEnabled: false })], { 'beta-screen': true }));
    expect(await screen.findByText('Feature Not Available')).toBeTruthy();
    expect(screen.getByText('This feature is not currently available for your account.')).toBeTruthy();
    expect(screen.queryByText('The beta screen')).toBeNull();
  });

  it("shows 'Loading...' until the user's features are known", async () => {
    renderWithApi(
      <FeatureGate feature="beta-screen">
        <p>The beta screen</p>
      </FeatureGate>,
      (url) => (url.pathname === '/api/feature-access/me' ? new Promise<Response>(() => {}) : undefined),
    );
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('The beta screen')).toBeNull();
  });
});
