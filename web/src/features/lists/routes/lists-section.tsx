import { useTranslation } from 'react-i18next';
import type { SectionScreenProps } from '../../../lib/feature-module';
import type { DetailKind } from '../../../lib/sections';
import { ItemDetail } from '../components/item-detail';
import { ItemsSection, type DashboardListType } from '../components/list-section';

const DETAIL_LIST: Partial<Record<DetailKind, DashboardListType>> = {
  inventoryItem: 'inventory',
  wtbItem: 'wtb',
  wtcItem: 'wtc',
  wtsItem: 'wts',
};

/** The inventory, WTB and WTC dashboard sections and their item detail pages. */
export function ListsSection({ section, detail }: SectionScreenProps) {
  const { t } = useTranslation();
  const detailList = detail ? DETAIL_LIST[detail.kind] : undefined;
  if (detail && detailList) {
    return (
      <ItemDetail key={detail.id} id={detail.id} listType={detailList} title={t(`details.${detail.kind}`)} />
    );
  }
  // Shareable Lists is where a reseller keeps the WTS list (the spec gives WTS no section).
  if (section === 'lists') return <ItemsSection listType="wts" title={t('lists.wtsTitle')} />;
  const listType: DashboardListType =
    section === 'inventory' || section === 'wtb' || section === 'wtc' ? section : 'inventory';
  return <ItemsSection listType={listType} title={t(`sections.${section}`)} />;
}
