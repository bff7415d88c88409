import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addDemoSeedStep,
  addExportAll,
  addFeatureModule,
  addSectionRoutes,
  addServiceRow,
  addToEventIndex,
  addToRegistry,
  DEMO_SEED_MARKER,
  EditError,
} from './edits';
import { plannedFiles, templatePaths, translationFiles } from './files';
import {
  claimsSection,
  MAX_NAME_LENGTH,
  nameProblem,
  namesFor,
  RESERVED_NAMES,
  sectionProblem,
  type Existing,
} from './names';
import { translations } from './translations';

const repoFile = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const n = namesFor('gift-cards');
const twice = (edit: (s: string) => string, source: string) => edit(edit(source));

const none: Existing = { services: [], features: [], modules: [], i18nKeys: [], routePaths: [] };

describe('names', () => {
  it('derives every form from the kebab-case name', () => {
    expect(namesFor('gift-cards')).toEqual({
      kebab: 'gift-cards',
      camel: 'giftCards',
      pascal: 'GiftCards',
      constant: 'GIFT_CARDS',
      title: 'Gift cards',
    });
    expect(namesFor('b2b')).toMatchObject({ camel: 'b2b', pascal: 'B2b', constant: 'B2B', title: 'B2b' });
  });

  it('accepts a new kebab-case name', () => {
    expect(nameProblem('commerce', none)).toBeNull();
    expect(nameProblem('gift-cards', none)).toBeNull();
    expect(nameProblem('a'.repeat(MAX_NAME_LENGTH), none)).toBeNull();
  });

  it.each(['', 'Commerce', 'gift_cards', 'giftCards', '2fa', 'gift--cards', '-gift', 'gift-', 'gift cards'])(
    'refuses %j with a message',
    (name) => {
      expect(nameProblem(name, none)).toMatch(/kebab-case|Give the domain a name/);
    },
  );

  it('refuses names too long, reserved, or already taken anywhere', () => {
    expect(nameProblem('a'.repeat(MAX_NAME_LENGTH + 1), none)).toMatch(/longer than/);
    for (const name of RESERVED_NAMES) expect(nameProblem(name, none)).toMatch(/reserved/);
    expect(nameProblem('crm', { ...none, services: ['crm'] })).toBe('services/crm already exists.');
    expect(nameProblem('auth', { ...none, features: ['auth'] })).toBe(
      'web/src/features/auth already exists.',
    );
    expect(nameProblem('offers', { ...none, modules: ['offers'] })).toMatch(/already exists/);
    expect(nameProblem('public-list', { ...none, i18nKeys: ['publicList'] })).toMatch(/"publicList" block/);
    expect(nameProblem('clients', { ...none, routePaths: ['/api/clients/{clientId}'] })).toMatch(
      /\/api\/clients\/\{clientId\} already lives under \/api\/clients/,
    );
    // A route that merely starts with the same letters is no clash.
    expect(nameProblem('client', { ...none, routePaths: ['/api/clients'] })).toBeNull();
  });
});

describe('planned files', () => {
  it('creates the service (two areas, two functions), its contract and event, its tests, its demo data and its web feature', () => {
    expect(plannedFiles(n).map((f) => f.path)).toEqual([
      'events/src/gift-cards.ts',
      'localstack/src/demo-seed/gift-cards.ts',
      'services/gift-cards/README.md',
      'services/gift-cards/package.json',
      'services/gift-cards/src/functions/gift-cards-events.ts',
      'services/gift-cards/src/functions/gift-cards.ts',
      'services/gift-cards/src/published.ts',
      'services/gift-cards/src/tallies/consumers.ts',
      'services/gift-cards/src/tallies/counted-event-entity.ts',
      'services/gift-cards/src/tallies/deps.ts',
      'services/gift-cards/src/tallies/domain.ts',
      'services/gift-cards/src/tallies/ports.ts',
      'services/gift-cards/src/tallies/repository.ts',
      'services/gift-cards/src/tallies/routes.ts',
      'services/gift-cards/src/tallies/tally-entity.ts',
      'services/gift-cards/src/things/consumers.ts',
      'services/gift-cards/src/things/deps.ts',
      'services/gift-cards/src/things/domain.ts',
      'services/gift-cards/src/things/ports.ts',
      'services/gift-cards/src/things/repository.ts',
      'services/gift-cards/src/things/routes.ts',
      'services/gift-cards/src/things/thing-entity.ts',
      'services/gift-cards/test/integration/support.ts',
      'services/gift-cards/test/integration/tallies-api.test.ts',
      'services/gift-cards/test/integration/things-api.test.ts',
      'services/gift-cards/test/unit/memory.ts',
      'services/gift-cards/test/unit/tallies.test.ts',
      'services/gift-cards/test/unit/things.test.ts',
      'shared/src/contracts/gift-cards.ts',
      'web/src/features/gift-cards/api/queries.ts',
      'web/src/features/gift-cards/components/gift-cards-section.tsx',
      'web/src/features/gift-cards/i18n/en.json',
      'web/src/features/gift-cards/i18n/es.json',
      'web/src/features/gift-cards/i18n/strings.ts',
      'web/src/features/gift-cards/sections.ts',
      'web/src/features/gift-cards/tests/gift-cards.test.tsx',
    ]);
    expect(templatePaths().every((p) => p.endsWith('.tmpl'))).toBe(true);
  });

  it('leaves no template token behind', () => {
    for (const file of plannedFiles(n, { section: 'orders' })) {
      expect(file.path).not.toMatch(/__/);
      expect(file.content, file.path).not.toMatch(/__(kebab|camel|Pascal|CONST|Title|SECTIONS)__/);
    }
  });

  it('names the service and package after the domain', () => {
    const file = (path: string) => plannedFiles(n).find((f) => f.path === path)?.content ?? '';
    expect(JSON.parse(file('services/gift-cards/package.json')).name).toBe('@sneakers/service-gift-cards');
    expect(file('services/gift-cards/src/functions/gift-cards.ts')).toContain("name: 'gift-cards'");
    expect(file('services/gift-cards/src/functions/gift-cards-events.ts')).toContain(
      "name: 'gift-cards-events'",
    );
    expect(file('shared/src/contracts/gift-cards.ts')).toContain("path: '/api/gift-cards/things'");
    expect(file('events/src/gift-cards.ts')).toContain("detailType: 'GiftCardsThing.Created'");
  });

  it('claims the --section given, and none without it', () => {
    const sections = (section?: string) =>
      plannedFiles(n, { section }).find((f) => f.path.endsWith('/sections.ts'))?.content;
    expect(sections()).toContain('sections: {},');
    expect(sections('orders')).toContain("sections: { 'orders': GiftCardsScreen },");
  });
});

const REGISTRY = `import { crmFunction } from './crm/src/functions/crm';
import { settingsFunction } from './settings/src/functions/settings';

const entry = (name: string) => name;

export const functions: FunctionManifest[] = [
  { definition: settingsFunction, entry: entry('settings') },
  { definition: crmFunction, entry: entry('crm') },
];
`;

describe('registry edit', () => {
  it('imports both functions in folder order and appends their entries', () => {
    const edited = addToRegistry(REGISTRY, n);
    expect(edited).toBe(`import { crmFunction } from './crm/src/functions/crm';
import { giftCardsFunction } from './gift-cards/src/functions/gift-cards';
import { giftCardsEventsFunction } from './gift-cards/src/functions/gift-cards-events';
import { settingsFunction } from './settings/src/functions/settings';

const entry = (name: string) => name;

export const functions: FunctionManifest[] = [
  { definition: settingsFunction, entry: entry('settings') },
  { definition: crmFunction, entry: entry('crm') },
  { definition: giftCardsFunction, entry: entry('gift-cards') },
  { definition: giftCardsEventsFunction, entry: entry('gift-cards', 'gift-cards-events') },
];
`);
  });

  it('is idempotent', () => {
    expect(twice((s) => addToRegistry(s, n), REGISTRY)).toBe(addToRegistry(REGISTRY, n));
  });

  it('applies to the real services/registry.ts', () => {
    const real = repoFile('services/registry.ts');
    const edited = addToRegistry(real, n);
    expect(edited).toContain("import { giftCardsFunction } from './gift-cards/src/functions/gift-cards';");
    expect(edited).toContain(
      "{ definition: giftCardsEventsFunction, entry: entry('gift-cards', 'gift-cards-events') },",
    );
    expect(edited.split('\n').length).toBe(real.split('\n').length + 4);
    expect(addToRegistry(edited, n)).toBe(edited);
  });

  it('names the lines to add by hand when the file changed shape', () => {
    expect(() => addToRegistry('export const functions = [];\n', n)).toThrow(EditError);
    expect(() => addToRegistry('export const functions = [];\n', n)).toThrow(
      /giftCardsFunction[\s\S]*entry\('gift-cards'\)/,
    );
  });
});

describe('wiring edits', () => {
  it('adds the domain to the README services table, once', () => {
    const readme =
      '# Repo\n\n## Services\n\n| Service | What | Functions |\n| - | - | - |\n| `crm` | clients | `crm` |\n\nEach has a README.\n';
    const edited = addServiceRow(readme, n);
    expect(edited).toContain(
      '| `crm` | clients | `crm` |\n| `gift-cards` | Gift cards: scaffolded, see [services/gift-cards/README.md](services/gift-cards/README.md) (`things`, `tallies`) | `gift-cards`, `gift-cards-events` |\n\nEach',
    );
    expect(addServiceRow(edited, n)).toBe(edited);
    expect(addServiceRow(repoFile('README.md'), n)).toContain('| `gift-cards` |');
    expect(() => addServiceRow('# Repo\n', n)).toThrow(EditError);
  });

  it('calls the demo data step before the marker line, once', () => {
    const index = `import { seedDemoCrm } from './crm';\nimport { seedDemoOffers } from './offers';\n\n  if (await seedDemoCrm()) created.push('x');\n  // ${DEMO_SEED_MARKER}.\n`;
    const edited = addDemoSeedStep(index, n);
    expect(edited).toBe(
      `import { seedDemoCrm } from './crm';\nimport { seedDemoGiftCards } from './gift-cards';\nimport { seedDemoOffers } from './offers';\n\n  if (await seedDemoCrm()) created.push('x');\n  if (await seedDemoGiftCards()) created.push('demo_gift_cards');\n  // ${DEMO_SEED_MARKER}.\n`,
    );
    expect(addDemoSeedStep(edited, n)).toBe(edited);
    const real = addDemoSeedStep(repoFile('localstack/src/demo-seed/index.ts'), n);
    expect(real).toContain("import { seedDemoGiftCards } from './gift-cards';");
    expect(real).toContain("  if (await seedDemoGiftCards()) created.push('demo_gift_cards');");
  });

  it("gates the domain's routes with the section it claims, once", () => {
    const real = repoFile('shared/src/rules/section-routes.ts');
    const edited = addSectionRoutes(real, n, 'orders');
    expect(edited).toContain("  ['gift-cards.', 'orders'],\n];");
    expect(addSectionRoutes(edited, n, 'orders')).toBe(edited);
  });
});

describe('index edits', () => {
  it('adds the contracts module once', () => {
    const source = "export * from './contract';\nexport * from './crm';\n";
    const edited = addExportAll(source, 'index.ts', 'gift-cards');
    expect(edited).toBe(
      "export * from './contract';\nexport * from './crm';\nexport * from './gift-cards';\n",
    );
    expect(addExportAll(edited, 'index.ts', 'gift-cards')).toBe(edited);
    expect(() => addExportAll('', 'index.ts', 'gift-cards')).toThrow(/index.ts: no `export \* from` line/);
  });

  it('exports the event module and catalogues its event, once', () => {
    const source = `export * from './settings';
import { settingsChanged } from './settings';

export const eventCatalogue = [
  settingsChanged,
] as const;
`;
    const edited = addToEventIndex(source, n);
    expect(edited).toBe(`export * from './settings';
export * from './gift-cards';
import { settingsChanged } from './settings';
import { giftCardsThingCreated } from './gift-cards';

export const eventCatalogue = [
  settingsChanged,
  giftCardsThingCreated,
] as const;
`);
    expect(addToEventIndex(edited, n)).toBe(edited);
  });

  it('handles a catalogue written on one line', () => {
    const source = `export * from './settings';
import { settingsChanged } from './settings';
export const eventCatalogue = [settingsChanged] as const;
`;
    const edited = addToEventIndex(source, n);
    expect(edited).toContain(
      'export const eventCatalogue = [settingsChanged, giftCardsThingCreated] as const;',
    );
    expect(addToEventIndex(edited, n)).toBe(edited);
  });

  it('applies to the real shared/src/contracts/index.ts and events/src/index.ts', () => {
    const contracts = addExportAll(repoFile('shared/src/contracts/index.ts'), 'index.ts', 'gift-cards');
    expect(contracts).toContain("export * from './gift-cards';");
    const events = addToEventIndex(repoFile('events/src/index.ts'), n);
    expect(events).toContain("import { giftCardsThingCreated } from './gift-cards';");
    expect(events).toMatch(/eventCatalogue = \[[^\]]*giftCardsThingCreated/);
    expect(addToEventIndex(events, n)).toBe(events);
  });
});

describe('web edits', () => {
  const SCREENS = `import type { FeatureModule } from '../../lib/feature-module';
import { crmModule } from '../../features/crm/sections';
import { offersModule } from '../../features/offers/sections';
import { settingsModule } from '../../features/settings/sections';

export const FEATURE_MODULES: readonly FeatureModule[] = [
  settingsModule,
  crmModule,
  offersModule,
];
`;

  it('registers the feature module with the dashboard, once', () => {
    const edited = addFeatureModule(SCREENS, n);
    expect(edited).toBe(`import type { FeatureModule } from '../../lib/feature-module';
import { crmModule } from '../../features/crm/sections';
import { giftCardsModule } from '../../features/gift-cards/sections';
import { offersModule } from '../../features/offers/sections';
import { settingsModule } from '../../features/settings/sections';

export const FEATURE_MODULES: readonly FeatureModule[] = [
  settingsModule,
  crmModule,
  offersModule,
  giftCardsModule,
];
`);
    expect(addFeatureModule(edited, n)).toBe(edited);
  });

  it('applies to the real section-screens.ts', () => {
    const real = repoFile('web/src/app/dashboard/section-screens.ts');
    const edited = addFeatureModule(real, n);
    expect(edited).toContain("import { giftCardsModule } from '../../features/gift-cards/sections';");
    expect(edited).toMatch(/FEATURE_MODULES[^=]*= \[[^\]]*giftCardsModule/);
    expect(addFeatureModule(edited, n)).toBe(edited);
  });

  it("writes the feature's own strings: the same keys, none empty, in both languages", () => {
    const { en, es } = translations(n);
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(en), ...Object.values(es)]) expect(text).not.toBe('');
    const [enFile, esFile] = translationFiles(n);
    expect(JSON.parse(enFile?.content ?? '')).toEqual({ giftCards: en });
    expect(JSON.parse(esFile?.content ?? '')).toEqual({ giftCards: es });
  });
});

describe('--section', () => {
  const ids = ['dashboard', 'orders', 'virtual-products', 'clients'];
  const crm =
    "export const crmModule = { name: 'crm', sections: { clients: CrmScreen, bookings: CrmScreen } };";
  const multiLine = `export const listsModule = {
  name: 'lists',
  sections: {
    'virtual-products': ListsScreen,
  },
};`;

  it('accepts a section id nobody claims', () => {
    expect(sectionProblem('orders', ids, { crm, lists: multiLine })).toBeNull();
  });

  it('refuses an unknown id and a section another feature claims', () => {
    expect(sectionProblem('nope', ids, {})).toMatch(/not a dashboard section; one of: dashboard, orders/);
    expect(sectionProblem('clients', ids, { crm })).toBe(
      "The section 'clients' is already claimed by web/src/features/crm/sections.ts.",
    );
    expect(sectionProblem('virtual-products', ids, { lists: multiLine })).toMatch(/features\/lists/);
    // The module's own name is no claim.
    expect(claimsSection("export const m = { name: 'orders', sections: {} };", 'orders')).toBe(false);
  });

  it('reads the real feature modules the same way', () => {
    expect(claimsSection(repoFile('web/src/features/crm/sections.ts'), 'clients')).toBe(true);
    expect(claimsSection(repoFile('web/src/features/settings/sections.ts'), 'settings')).toBe(true);
  });
});
