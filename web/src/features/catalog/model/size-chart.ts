import type { ChartBrand } from '@sneakers/shared/size-chart';

/** How each chart's brand is written (brand names are not translated). */
export const CHART_BRAND_NAMES: Record<ChartBrand, string> = {
  nike: 'Nike / Jordan',
  adidas: 'adidas / Yeezy',
  'new-balance': 'New Balance',
  asics: 'ASICS',
  puma: 'Puma',
  converse: 'Converse',
  vans: 'Vans',
};
