import { describe, expect, it } from 'vitest';
import { flagName } from '@sneakers/shared';
import en from '../i18n/en.json';
import { emptyFlagDraft, filterFlags, toCreateFlag, toggleIn } from './flag-form';
import { sampleFlag } from '../../../test/feature-access-support';

describe('flag form', () => {
  it("shows the contract's own message for a bad name (its English text is the contract's)", () => {
    const refused = flagName.safeParse('Bad Name');
    expect(refused.success).toBe(false);
    expect(en.flags.form.nameInvalid).toBe(refused.error?.issues[0]?.message);
    expect(toCreateFlag({ ...emptyFlagDraft(), name: 'Bad Name' })).toEqual({ nameInvalid: true });
    expect(toCreateFlag({ ...emptyFlagDraft(), name: '' })).toEqual({ nameInvalid: true });
  });

  it('builds the create body, without an empty description', () => {
    expect(toCreateFlag({ ...emptyFlagDraft(), name: ' beta_2 ', rolloutPercentage: 5 })).toEqual({
      body: {
        name: 'beta_2',
        isEnabled: false,
        targetUserTypes: ['store', 'reseller'],
        rolloutPercentage: 5,
        gates: [],
      },
    });
  });

  it('filters by name or description, ignoring case', () => {
    const flags = [
      sampleFlag('a', { description: 'New Checkout' }),
      sampleFlag('checkout-v2'),
      sampleFlag('b'),
    ];
    expect(filterFlags(flags, ' checkout ').map((f) => f.name)).toEqual(['a', 'checkout-v2']);
    expect(filterFlags(flags, '')).toHaveLength(3);
  });

  it('toggles checkbox values keeping the canonical order', () => {
    expect(toggleIn(['c'], 'a', true, ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(toggleIn(['a', 'c'], 'a', false, ['a', 'b', 'c'])).toEqual(['c']);
  });
});
