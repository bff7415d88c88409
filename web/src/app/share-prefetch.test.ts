import { describe, expect, it } from 'vitest';
import { createApiClient, getPublicList } from '@sneakers/shared';
import { PUBLIC_FIRST_PAGE_SIZE } from '../features/public-list';
import { publicOwner } from '../test/public-list-fixtures';
import { EarlyResponses, shareTargetOf, startSharePrefetch } from './share-prefetch';

describe('share prefetch', () => {
  it('reads the share path', () => {
    expect(shareTargetOf('/share/u%401/WTB')).toEqual({ userId: 'u@1', listType: 'wtb' });
    expect(shareTargetOf('/share/u-1/wts/')).toEqual({ userId: 'u-1', listType: 'wts' });
    expect(shareTargetOf('/share/u-1')).toBeNull();
    expect(shareTargetOf('/dashboard')).toBeNull();
    expect(shareTargetOf('/share/%E0%A4%A/wtb')).toBeNull();
  });

  it('hands the early first page to the typed client once, then goes to the network', async () => {
    const requested: string[] = [];
    const network: typeof fetch = (input) => {
      requested.push(String(input));
      return Promise.resolve(
        Response.json({
          owner: publicOwner({ userId: 'u 1' }),
          listType: 'wtb',
          items: [],
          cursor: null,
        }),
      );
    };
    const early = new EarlyResponses(network);
    startSharePrefetch(early, 'https://app.example/', { userId: 'u 1', listType: 'wtb' });
    expect(requested).toHaveLength(1);
    const api = createApiClient({ baseUrl: 'https://app.example/', fetch: early.fetch });
    const call = () =>
      api(getPublicList, {
        params: { userId: 'u 1', listType: 'wtb' },
        query: { limit: PUBLIC_FIRST_PAGE_SIZE },
      });
    // Same URL as the client builds: the early response is used, no second request.
    expect((await call()).owner.userId).toBe('u 1');
    expect(requested).toHaveLength(1);
    await call();
    expect(requested).toHaveLength(2);
    expect(requested[0]).toBe(requested[1]);
  });
});
