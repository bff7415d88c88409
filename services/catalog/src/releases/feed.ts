import { toProductInput, toReleaseItem } from './map';
import type { ReleaseFeed } from './ports';
import type { ReleaseSource } from './source';

/** The calendar's releases mapped to release items and catalogue inputs (what catalog-fetcher runs). */
export function mappedReleases(source: ReleaseSource): ReleaseFeed {
  return {
    async fetchMapped() {
      const fetched = await source.fetchReleases();
      return {
        totalFound: fetched.totalFound,
        issues: fetched.issues,
        releases: fetched.releases.map((release) => {
          const item = toReleaseItem(release);
          return { item, input: toProductInput(item) };
        }),
      };
    },
  };
}
