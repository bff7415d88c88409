import { describe, expect, it } from 'vitest';
import { publicHint } from './visibility-badge';

const open = { publicWtbList: true, publicWtsList: true, publicWtcList: true };

describe('public visibility hint', () => {
  it('follows the shared rule: public and pending items of a shareable list are shown', () => {
    expect(publicHint({ listType: 'wtb', visibility: 'public', status: 'pending' }, open)).toBe(
      'lists.visibility.shown',
    );
    expect(publicHint({ listType: 'wts', visibility: 'public', status: 'sold' }, open)).toBe(
      'lists.visibility.notShown',
    );
  });

  it('never says "on your public list" for an item of a private list (what a screen reader hears)', () => {
    const wtcPrivate = { ...open, publicWtcList: false };
    expect(publicHint({ listType: 'wtc', visibility: 'public', status: 'pending' }, wtcPrivate)).toBe(
      'lists.visibility.listPrivate',
    );
    expect(publicHint({ listType: 'wtb', visibility: 'public', status: 'pending' }, wtcPrivate)).toBe(
      'lists.visibility.shown',
    );
  });

  it('says nothing for private items or the inventory (no public page)', () => {
    expect(publicHint({ listType: 'wtc', visibility: 'private', status: 'pending' }, open)).toBeNull();
    expect(publicHint({ listType: 'inventory', visibility: 'public', status: 'pending' }, open)).toBeNull();
  });
});
