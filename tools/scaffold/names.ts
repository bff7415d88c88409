/**
 * The names a domain goes by, all derived from one kebab-case name: folders, paths, event
 * sources and the service name stay kebab; identifiers are camel or Pascal case.
 */
export interface Names {
  /** `gift-cards`: folders, the service name, `/api/gift-cards/...`, the event domain. */
  kebab: string;
  /** `giftCards`: values (`giftCardsService`), the i18n block, the entity name prefix. */
  camel: string;
  /** `GiftCards`: types and contracts (`listGiftCardsThings`), the event detail-type. */
  pascal: string;
  /** `GIFT_CARDS`: constants. */
  constant: string;
  /** `Gift cards`: prose. */
  title: string;
}

/** Lambda, rule and queue names are built from it (DLQ names must stay under 80 characters). */
export const MAX_NAME_LENGTH = 24;

const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Names that would shadow something other than a domain: the registry and the shared
 * folders, and the modules that already sit beside contracts and events.
 */
export const RESERVED_NAMES: readonly string[] = [
  'api',
  'contract',
  'contracts',
  'define-event',
  'events',
  'fields',
  'health',
  'index',
  'infra',
  'registry',
  'runtime-config',
  'shared',
  'tests',
  'tools',
  'web',
];

export function namesFor(kebab: string): Names {
  const words = kebab.split('-');
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const pascal = words.map(cap).join('');
  return {
    kebab,
    camel: pascal.charAt(0).toLowerCase() + pascal.slice(1),
    pascal,
    constant: words.map((w) => w.toUpperCase()).join('_'),
    title: cap(words.join(' ')),
  };
}

/** What already exists in the tree, as far as a new name can collide with it. */
export interface Existing {
  /** Folder names under services/. */
  services: readonly string[];
  /** Folder names under web/src/features/. */
  features: readonly string[];
  /** Module names (no extension) under shared/src/contracts/ and events/src/. */
  modules: readonly string[];
  /** Top-level keys of every part's English strings (web/src/i18n, features/<f>/i18n). */
  i18nKeys: readonly string[];
  /** Paths of every existing route contract. */
  routePaths: readonly string[];
}

/** Why `name` cannot be a new domain, or null when it can. */
export function nameProblem(name: string, existing: Existing): string | null {
  if (!name) return 'Give the domain a name: npm run new:service -- <name> (kebab-case, e.g. commerce).';
  if (!KEBAB.test(name))
    return `"${name}" is not kebab-case: use lower-case letters and digits, words joined by "-", starting with a letter (e.g. commerce, gift-cards).`;
  if (name.length > MAX_NAME_LENGTH)
    return `"${name}" is longer than ${MAX_NAME_LENGTH} characters: Lambda, rule and queue names are built from it.`;
  if (RESERVED_NAMES.includes(name)) return `"${name}" is reserved: pick the name of the domain.`;
  const names = namesFor(name);
  if (existing.services.includes(name)) return `services/${name} already exists.`;
  if (existing.features.includes(name)) return `web/src/features/${name} already exists.`;
  if (existing.modules.includes(name))
    return `shared/src/contracts/${name}.ts or events/src/${name}.ts already exists.`;
  if (existing.i18nKeys.includes(names.camel))
    return `The strings already have a "${names.camel}" block (web/src/**/i18n/en.json).`;
  const prefix = `/api/${name}`;
  const clash = existing.routePaths.find((p) => p === prefix || p.startsWith(`${prefix}/`));
  if (clash) return `The route ${clash} already lives under ${prefix}.`;
  return null;
}

/** True when a feature's `sections.ts` source claims the section `id` (a key of its `sections`). */
export function claimsSection(source: string, id: string): boolean {
  const key = id.replace(/[-]/g, '\\-');
  return new RegExp(`(^|[\\s{,])(${key}|'${key}'|"${key}")\\s*:`, 'm').test(source);
}

/**
 * Why `section` cannot be claimed by the new feature, or null: it must be a dashboard section
 * id, and one no other feature's module claims (the dashboard refuses two owners).
 */
export function sectionProblem(
  section: string,
  sectionIds: readonly string[],
  featureSections: Readonly<Record<string, string>>,
): string | null {
  if (!sectionIds.includes(section))
    return `--section ${section} is not a dashboard section; one of: ${sectionIds.join(', ')}.`;
  const owner = Object.entries(featureSections).find(([, source]) => claimsSection(source, section));
  if (owner)
    return `The section '${section}' is already claimed by web/src/features/${owner[0]}/sections.ts.`;
  return null;
}
