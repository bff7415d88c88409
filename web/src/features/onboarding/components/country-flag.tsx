import { useEffect, useState } from 'react';
import { cn } from '../../../lib/utils';

type FlagModule = Promise<{ default: string }>;

/**
 * Flags as SVG images (country-flag-icons, 3x2): emoji flags need a colour-emoji font, and
 * Windows has none for flags, so they showed as empty boxes. Each flag is its own tiny chunk,
 * loaded when shown: the onboarding chunk carries none of them.
 */
const FLAGS: Readonly<Record<string, () => FlagModule>> = {
  ES: () => import('country-flag-icons/string/3x2/ES'),
  US: () => import('country-flag-icons/string/3x2/US'),
  GB: () => import('country-flag-icons/string/3x2/GB'),
  FR: () => import('country-flag-icons/string/3x2/FR'),
  DE: () => import('country-flag-icons/string/3x2/DE'),
  IT: () => import('country-flag-icons/string/3x2/IT'),
  PT: () => import('country-flag-icons/string/3x2/PT'),
  NL: () => import('country-flag-icons/string/3x2/NL'),
  BE: () => import('country-flag-icons/string/3x2/BE'),
  CH: () => import('country-flag-icons/string/3x2/CH'),
  AT: () => import('country-flag-icons/string/3x2/AT'),
  IE: () => import('country-flag-icons/string/3x2/IE'),
  LU: () => import('country-flag-icons/string/3x2/LU'),
  DK: () => import('country-flag-icons/string/3x2/DK'),
  SE: () => import('country-flag-icons/string/3x2/SE'),
  NO: () => import('country-flag-icons/string/3x2/NO'),
  FI: () => import('country-flag-icons/string/3x2/FI'),
  IS: () => import('country-flag-icons/string/3x2/IS'),
  PL: () => import('country-flag-icons/string/3x2/PL'),
  CZ: () => import('country-flag-icons/string/3x2/CZ'),
  SK: () => import('country-flag-icons/string/3x2/SK'),
  HU: () => import('country-flag-icons/string/3x2/HU'),
  RO: () => import('country-flag-icons/string/3x2/RO'),
  BG: () => import('country-flag-icons/string/3x2/BG'),
  GR: () => import('country-flag-icons/string/3x2/GR'),
  HR: () => import('country-flag-icons/string/3x2/HR'),
  SI: () => import('country-flag-icons/string/3x2/SI'),
  RS: () => import('country-flag-icons/string/3x2/RS'),
  UA: () => import('country-flag-icons/string/3x2/UA'),
  EE: () => import('country-flag-icons/string/3x2/EE'),
  LV: () => import('country-flag-icons/string/3x2/LV'),
  LT: () => import('country-flag-icons/string/3x2/LT'),
  MT: () => import('country-flag-icons/string/3x2/MT'),
  CY: () => import('country-flag-icons/string/3x2/CY'),
  TR: () => import('country-flag-icons/string/3x2/TR'),
  RU: () => import('country-flag-icons/string/3x2/RU'),
  CA: () => import('country-flag-icons/string/3x2/CA'),
  MX: () => import('country-flag-icons/string/3x2/MX'),
  BR: () => import('country-flag-icons/string/3x2/BR'),
  AR: () => import('country-flag-icons/string/3x2/AR'),
  CL: () => import('country-flag-icons/string/3x2/CL'),
  CO: () => import('country-flag-icons/string/3x2/CO'),
  PE: () => import('country-flag-icons/string/3x2/PE'),
  VE: () => import('country-flag-icons/string/3x2/VE'),
  UY: () => import('country-flag-icons/string/3x2/UY'),
  EC: () => import('country-flag-icons/string/3x2/EC'),
  PY: () => import('country-flag-icons/string/3x2/PY'),
  BO: () => import('country-flag-icons/string/3x2/BO'),
  CR: () => import('country-flag-icons/string/3x2/CR'),
  PA: () => import('country-flag-icons/string/3x2/PA'),
  DO: () => import('country-flag-icons/string/3x2/DO'),
  PR: () => import('country-flag-icons/string/3x2/PR'),
  CU: () => import('country-flag-icons/string/3x2/CU'),
  GT: () => import('country-flag-icons/string/3x2/GT'),
  AU: () => import('country-flag-icons/string/3x2/AU'),
  NZ: () => import('country-flag-icons/string/3x2/NZ'),
  JP: () => import('country-flag-icons/string/3x2/JP'),
  KR: () => import('country-flag-icons/string/3x2/KR'),
  CN: () => import('country-flag-icons/string/3x2/CN'),
  HK: () => import('country-flag-icons/string/3x2/HK'),
  TW: () => import('country-flag-icons/string/3x2/TW'),
  SG: () => import('country-flag-icons/string/3x2/SG'),
  MY: () => import('country-flag-icons/string/3x2/MY'),
  TH: () => import('country-flag-icons/string/3x2/TH'),
  PH: () => import('country-flag-icons/string/3x2/PH'),
  ID: () => import('country-flag-icons/string/3x2/ID'),
  VN: () => import('country-flag-icons/string/3x2/VN'),
  IN: () => import('country-flag-icons/string/3x2/IN'),
  AE: () => import('country-flag-icons/string/3x2/AE'),
  SA: () => import('country-flag-icons/string/3x2/SA'),
  IL: () => import('country-flag-icons/string/3x2/IL'),
  ZA: () => import('country-flag-icons/string/3x2/ZA'),
  MA: () => import('country-flag-icons/string/3x2/MA'),
  EG: () => import('country-flag-icons/string/3x2/EG'),
  NG: () => import('country-flag-icons/string/3x2/NG'),
};

export function hasFlag(code: string): boolean {
  return code in FLAGS;
}

const loaded = new Map<string, string>();

function dataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Loads a country's flag as an image URL (cached), or null for a country without one. */
export async function loadFlag(code: string): Promise<string | null> {
  const cached = loaded.get(code);
  if (cached) return cached;
  const load = FLAGS[code];
  if (!load) return null;
  const url = dataUrl((await load()).default);
  loaded.set(code, url);
  return url;
}

/**
 * A country's flag, decorative: the country's name is always written next to it. A box of
 * the same size holds its place while it loads.
 */
export function CountryFlag({ code, className }: { code: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(() => loaded.get(code) ?? null);
  useEffect(() => {
    let current = true;
    setSrc(loaded.get(code) ?? null);
    loadFlag(code).then(
      (url) => {
        if (current) setSrc(url);
      },
      (error: unknown) => console.error('Could not load the flag', code, error),
    );
    return () => {
      current = false;
    };
  }, [code]);
  const box = cn('inline-block h-4 w-6 shrink-0 rounded-[2px]', className);
  if (!src) return <span aria-hidden="true" className={cn(box, 'bg-neutral-200 dark:bg-neutral-700')} />;
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      data-testid="country-flag"
      data-country={code}
      width={24}
      height={16}
      className={cn(box, 'object-cover shadow-[0_0_0_1px_rgba(0,0,0,0.1)]')}
    />
  );
}
