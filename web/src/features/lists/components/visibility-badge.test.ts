import { describe, expect, it } from 'vitest';
import { publicHint } from './visibility-badge';

describe('public visibility hint', () => {
  it('follows the shared rule: public and pending items of a shareable list are shown', () => {
    expect(publicHint({ listType: 'wtb', visibility: 'public', status: 'pending' })).toBe(
      'lists.visibility.shown',
    );
    expect(publicHint({ listType: 'wts', visibility: 'public', status: 'sold' })).toBe(
      'lists.visibility.notShown',
    );
  });

  it('says nothing for private items or the inventory (no public page)', () => {
    expect(publicHint({ listType: 'wtc', visibility: 'private', status: 'pending' })).toBeNull();
    expect(publicHint({ listType: 'inventory', visibility: 'public', status: 'pending' })).toBeNull();
  });
});
