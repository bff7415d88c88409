/**
 * Countries for the phone prefix picker (docs/product/accounts.md#profile-step): ISO code, English name and dial
 * prefix. The flag is an image (components/country-flag.tsx), the shown name the UI language's.
 */
export interface Country {
  code: string;
  name: string;
  dial: string;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'ES', name: 'Spain', dial: '+34' },
  { code: 'US', name: 'United States', dial: '+1' },
  { code: 'GB', name: 'United Kingdom', dial: '+44' },
  { code: 'FR', name: 'France', dial: '+33' },
  { code: 'DE', name: 'Germany', dial: '+49' },
  { code: 'IT', name: 'Italy', dial: '+39' },
  { code: 'PT', name: 'Portugal', dial: '+351' },
  { code: 'NL', name: 'Netherlands', dial: '+31' },
  { code: 'BE', name: 'Belgium', dial: '+32' },
  { code: 'CH', name: 'Switzerland', dial: '+41' },
  { code: 'AT', name: 'Austria', dial: '+43' },
  { code: 'IE', name: 'Ireland', dial: '+353' },
  { code: 'LU', name: 'Luxembourg', dial: '+352' },
  { code: 'DK', name: 'Denmark', dial: '+45' },
  { code: 'SE', name: 'Sweden', dial: '+46' },
  { code: 'NO', name: 'Norway', dial: '+47' },
  { code: 'FI', name: 'Finland', dial: '+358' },
  { code: 'IS', name: 'Iceland', dial: '+354' },
  { code: 'PL', name: 'Poland', dial: '+48' },
  { code: 'CZ', name: 'Czechia', dial: '+420' },
  { code: 'SK', name: 'Slovakia', dial: '+421' },
  { code: 'HU', name: 'Hungary', dial: '+36' },
  { code: 'RO', name: 'Romania', dial: '+40' },
  { code: 'BG', name: 'Bulgaria', dial: '+359' },
  { code: 'GR', name: 'Greece', dial: '+30' },
  { code: 'HR', name: 'Croatia', dial: '+385' },
  { code: 'SI', name: 'Slovenia', dial: '+386' },
  { code: 'RS', name: 'Serbia', dial: '+381' },
  { code: 'UA', name: 'Ukraine', dial: '+380' },
  { code: 'EE', name: 'Estonia', dial: '+372' },
  { code: 'LV', name: 'Latvia', dial: '+371' },
  { code: 'LT', name: 'Lithuania', dial: '+370' },
  { code: 'MT', name: 'Malta', dial: '+356' },
  { code: 'CY', name: 'Cyprus', dial: '+357' },
  { code: 'TR', name: 'Turkey', dial: '+90' },
  { code: 'RU', name: 'Russia', dial: '+7' },
  { code: 'CA', name: 'Canada', dial: '+1' },
  { code: 'MX', name: 'Mexico', dial: '+52' },
  { code: 'BR', name: 'Brazil', dial: '+55' },
  { code: 'AR', name: 'Argentina', dial: '+54' },
  { code: 'CL', name: 'Chile', dial: '+56' },
  { code: 'CO', name: 'Colombia', dial: '+57' },
  { code: 'PE', name: 'Peru', dial: '+51' },
  { code: 'VE', name: 'Venezuela', dial: '+58' },
  { code: 'UY', name: 'Uruguay', dial: '+598' },
  { code: 'EC', name: 'Ecuador', dial: '+593' },
  { code: 'PY', name: 'Paraguay', dial: '+595' },
  { code: 'BO', name: 'Bolivia', dial: '+591' },
  { code: 'CR', name: 'Costa Rica', dial: '+506' },
  { code: 'PA', name: 'Panama', dial: '+507' },
  { code: 'DO', name: 'Dominican Republic', dial: '+1' },
  { code: 'PR', name: 'Puerto Rico', dial: '+1' },
  { code: 'CU', name: 'Cuba', dial: '+53' },
  { code: 'GT', name: 'Guatemala', dial: '+502' },
  { code: 'AU', name: 'Australia', dial: '+61' },
  { code: 'NZ', name: 'New Zealand', dial: '+64' },
  { code: 'JP', name: 'Japan', dial: '+81' },
  { code: 'KR', name: 'South Korea', dial: '+82' },
  { code: 'CN', name: 'China', dial: '+86' },
  { code: 'HK', name: 'Hong Kong', dial: '+852' },
  { code: 'TW', name: 'Taiwan', dial: '+886' },
  { code: 'SG', name: 'Singapore', dial: '+65' },
  { code: 'MY', name: 'Malaysia', dial: '+60' },
  { code: 'TH', name: 'Thailand', dial: '+66' },
  { code: 'PH', name: 'Philippines', dial: '+63' },
  { code: 'ID', name: 'Indonesia', dial: '+62' },
  { code: 'VN', name: 'Vietnam', dial: '+84' },
  { code: 'IN', name: 'India', dial: '+91' },
  { code: 'AE', name: 'United Arab Emirates', dial: '+971' },
  { code: 'SA', name: 'Saudi Arabia', dial: '+966' },
  { code: 'IL', name: 'Israel', dial: '+972' },
  { code: 'ZA', name: 'South Africa', dial: '+27' },
  { code: 'MA', name: 'Morocco', dial: '+212' },
  { code: 'EG', name: 'Egypt', dial: '+20' },
  { code: 'NG', name: 'Nigeria', dial: '+234' },
];

/** Spain first: the product's home market. */
export const DEFAULT_COUNTRY_CODE = 'ES';

export function countryByCode(code: string): Country | undefined {
  return COUNTRIES.find((country) => country.code === code);
}

/** The country's name in `language` (the browser's own region names), else its English one. */
export function countryName(country: Country, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}
