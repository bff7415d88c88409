import { useTranslation } from 'react-i18next';
import type { SectionScreenProps } from '../../dashboard/routes/section-screens';
import { ItemDetail } from '../components/item-detail';
import { ItemsSection, type DashboardListType } from '../components/list-section';

const DETAIL_LIST: Record<string, DashboardListType> = {
  inventoryItem: 'inventory',
  wtbItem: 'wtb',
  wtcItem: 'wtc',
  wtsItem: 'wts',
};

/** The inventory, WTB and WTC dashboard sections and their item detail pages. */
export function ListsSection({ section, detail }: SectionScreenProps) {
  const { t } = useTranslation();
  if (detail && DETAIL_LIST[detail.kind]) {
    return (
      <ItemDetail
        key={detail.id}
        id={detail.id}
        listType={DETAIL_LIST[detail.kind]!}
        title={t(`details.${detail.kind}`)}
      />
    );
  }
  // Shareable Lists is where a reseller keeps the WTS list (the spec gives WTS no section).
  if (section === 'lists') return <ItemsSection listType="wts" title={t('lists.wtsTitle')} />;
  const listType = (
    section === 'inventory' || section === 'wtb' || section === 'wtc' ? section : 'inventory'
  ) as DashboardListType;
  return <ItemsSection listType={listType} title={t(`sections.${section}`)} />;
}
