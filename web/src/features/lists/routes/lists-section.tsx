import { useTranslation } from 'react-i18next';
import type { SectionScreenProps } from '../../../lib/feature-module';
import type { DetailKind } from '../../../lib/sections';
import { ItemDetail } from '../components/item-detail';
import { ItemsSection, type DashboardListType } from '../components/list-section';
import { ShareableListsPage } from '../components/shareable-lists';

const DETAIL_LIST: Partial<Record<DetailKind, DashboardListType>> = {
  inventoryItem: 'inventory',
  wtbItem: 'wtb',
  wtcItem: 'wtc',
  wtsItem: 'wts',
};

/** The inventory, WTB, WTS and WTC dashboard sections and their item detail pages. */
export function ListsSection({ section, detail }: SectionScreenProps) {
  const { t } = useTranslation();
  const detailList = detail ? DETAIL_LIST[detail.kind] : undefined;
  if (detail && detailList) {
    return (
      <ItemDetail key={detail.id} id={detail.id} listType={detailList} title={t(`details.${detail.kind}`)} />
    );
  }
  // Every shareable list's link, and the WTS items (docs/product/lists-and-public-lists.md#shareable-lists-section).
  if (section === 'lists') return <ShareableListsPage title={t('sections.lists')} />;
  const listType: DashboardListType =
    section === 'inventory' || section === 'wtb' || section === 'wts' || section === 'wtc'
      ? section
      : 'inventory';
  return <ItemsSection listType={listType} title={t(`sections.${section}`)} />;
}
