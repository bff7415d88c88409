import { useMemo } from 'react';
import { PublicListView } from '../components/public-list-view';
import { MOCK_ITEMS_RAW, MOCK_OWNER, mergeDuplicates } from '../model/mock-list';

/** /mock-shareable-list: a fixed sample list (duplicates merged), browse only. */
export function MockListPage() {
  const items = useMemo(() => mergeDuplicates(MOCK_ITEMS_RAW), []);
  return (
    <PublicListView
      owner={MOCK_OWNER}
      listType="wtb"
      items={items}
      complete
      loadedCount={items.length}
      canOffer={false}
      viewer={null}
    />
  );
}
