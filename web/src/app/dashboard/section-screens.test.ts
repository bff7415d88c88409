import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import '../../test/setup';
import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';
import { SECTION_IDS } from '../../lib/sections';
import { FEATURE_MODULES, screenForSection, sectionOwners } from './section-screens';

const FEATURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'features');

describe('dashboard section screens', () => {
  it('gives each claimed section its module screen and the rest the pending screen', () => {
    // Every section has its module now; a detail kind its section's module does not render opens the pending screen.
    const pending = screenForSection('clients', { kind: 'sale', id: 's-1' });
    for (const id of SECTION_IDS) {
      const owner = FEATURE_MODULES.find((m) => m.sections[id]);
      expect(screenForSection(id)).toBe(owner ? owner.sections[id] : pending);
    }
    expect(screenForSection('clients')).toBe(screenForSection('bookings'));
  });

  it('opens a detail page only in the module that declares it', () => {
    expect(screenForSection('clients', { kind: 'client', id: 'c-1' })).toBe(screenForSection('clients'));
    expect(screenForSection('lists', { kind: 'wtsItem', id: 'w-1' })).toBe(screenForSection('lists'));
    expect(screenForSection('providers', { kind: 'providerPickup', id: 'p-1' })).toBe(
      screenForSection('providers'),
    );
    const pending = screenForSection('clients', { kind: 'sale', id: 's-1' });
    expect(pending).not.toBe(screenForSection('clients'));
    expect(screenForSection('deals', { kind: 'client', id: 'c-1' })).toBe(pending);
  });

  it('refuses two modules claiming one section', () => {
    const screen = lazyWithPreload<SectionScreenProps>(() => Promise.resolve(() => null));
    const a: FeatureModule = { name: 'a', sections: { deals: screen } };
    const b: FeatureModule = { name: 'b', sections: { deals: screen } };
    expect(() => sectionOwners([a, b])).toThrow("Section 'deals' is claimed by both a and b");
  });

  it("keeps each feature's sections.ts free of feature code (lazy screens and their strings only)", () => {
    const files = readdirSync(FEATURES).flatMap((feature) => {
      try {
        return [[feature, readFileSync(join(FEATURES, feature, 'sections.ts'), 'utf8')] as const];
      } catch {
        return [];
      }
    });
    // Every feature with a sections.ts is composed into the dashboard, under its folder's name.
    expect(files.map(([feature]) => feature).sort()).toEqual(FEATURE_MODULES.map((m) => m.name).sort());
    for (const [, source] of files) {
      const staticImports = [...source.matchAll(/^import (?!type ).*from '([^']+)';$/gm)].map((m) => m[1]);
      expect(
        staticImports.every(
          (path) => path?.startsWith('../../lib/') || path === '../../i18n' || path === './i18n/strings',
        ),
      ).toBe(true);
    }
  });
});
