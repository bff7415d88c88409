import { describe, expect, it } from 'vitest';
import { SECTION_IDS } from '../../../lib/sections';
import { NAV_GROUPS, sectionsHiddenFor, visibleNavGroups } from './navigation';

describe('sidebar visibility', () => {
  const ids = (groups: ReturnType<typeof visibleNavGroups>) =>
    groups.flatMap((g) => g.items.map((i) => i.id));

  it('covers every section except settings (in the footer)', () => {
    const all = NAV_GROUPS.flatMap((g) => g.items.map((i) => i.id));
    expect([...all, 'settings'].sort()).toEqual([...SECTION_IDS].sort());
  });

  it('shows Store Management only to stores, hides size chart and Administration from non-superusers', () => {
    const store = visibleNavGroups({ role: 'store', isSuperuser: false });
    expect(store.map((g) => g.id)).toEqual(['main', 'inventory', 'store', 'sales', 'communication', 'tools']);
    expect(ids(store)).not.toContain('size-chart');

    const reseller = visibleNavGroups({ role: 'reseller', isSuperuser: false });
    expect(reseller.map((g) => g.id)).not.toContain('store');
  });

  it('shows everything to superusers', () => {
    const superuser = visibleNavGroups({ role: 'reseller', isSuperuser: true });
    expect(superuser.map((g) => g.id)).toEqual(NAV_GROUPS.map((g) => g.id));
    expect(ids(superuser)).toContain('size-chart');
  });

  it('shows Administration to users with admin feature access', () => {
    const groups = visibleNavGroups({
      role: 'store',
      isSuperuser: false,
      hasFeature: (f) => f === 'admin_panel',
    });
    expect(groups.map((g) => g.id)).toContain('admin');
  });

  it('hides sections a flag gates from a viewer who cannot open them, never the dashboard', () => {
    const groups = visibleNavGroups({
      role: 'store',
      isSuperuser: false,
      canOpen: (section) => section !== 'offers' && section !== 'dashboard',
    });
    expect(ids(groups)).not.toContain('offers');
    expect(ids(groups)).toContain('deals');
    expect(ids(groups)).toContain('dashboard');
  });

  it("while impersonating, dims the superuser's items the target would not see", () => {
    const hidden = sectionsHiddenFor(
      { role: 'store', isSuperuser: true },
      { role: 'reseller', isSuperuser: false, canOpen: (section) => section !== 'offers' },
    );
    expect([...hidden].sort()).toEqual(
      [
        'clients',
        'bookings',
        'providers',
        'store-mode',
        'online-store',
        'pricing-strategies',
        'size-chart',
        'data-population',
        'offers',
        'feature-flags',
        'admin',
        'migration-tools',
      ].sort(),
    );
    expect(
      sectionsHiddenFor({ role: 'store', isSuperuser: true }, { role: 'store', isSuperuser: true }).size,
    ).toBe(0);
  });
});
