import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidateQueries,
  dealIndexRows,
  itemIdOfIndexRow,
  matchesOf,
  type DealIndexRow,
  type DealItem,
} from '../src/rules/deals';
import { styleCodeKey } from '../src/rules/style-code';
import { BULK_SIZE, normalizeSize } from '../src/sizes';

// Few codes, owners and sizes, so random sets hold many real matches.
const CODES = [
  ['DD1391', '100'],
  ['IE0421', '05'],
  ['FZ5000', '1'],
] as const;

type Spelling = { separator: string; lower: boolean; edge: string };
const spelling: fc.Arbitrary<Spelling> = fc.record({
  separator: fc.constantFrom('-', ' ', '', '  ', '/', '.'),
  lower: fc.boolean(),
  edge: fc.constantFrom('', ' ', '-'),
});

/** A code written one way people type it: `DD1391-100`, `dd1391 100`, `DD1391100`, ` dd1391/100 `. */
function spell([head, tail]: readonly [string, string], { separator, lower, edge }: Spelling): string {
  const code = `${edge}${head}${separator}${tail}${edge}`;
  return lower ? code.toLowerCase() : code;
}

const styleCode = fc.tuple(fc.constantFrom(...CODES), spelling).map(([code, how]) => spell(code, how));

/** The same code as `sku`, written another way. */
function respell(sku: string, how: Spelling): string {
  const code = CODES.find(([head, tail]) => styleCodeKey(sku) === `${head}${tail}`);
  if (!code) throw new Error(`not a generated code: ${sku}`);
  return spell(code, how);
}

/** A size in a mixed system, as people store it. */
const size = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.constantFrom('US ', 'US M ', 'M ', 'W ', 'UK ', 'EU ', '', 'us '),
        fc.constantFrom(
          '7',
          '8',
          '8.5',
          '9',
          '9.5',
          '10',
          '10.5',
          '40.5',
          '42',
          '42.5',
          '42 2/3',
          '43',
          '44',
        ),
      )
      .map(([system, value]) => `${system}${value}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(BULK_SIZE, 'bulk', 'XL', '27 cm') },
);

const listType = fc.constantFrom<DealItem['listType']>('wtb', 'wtb', 'wts', 'wtc', 'inventory');

/** Mostly `likely`, sometimes `other`: keeps random sets rich in matches and in the exceptions. */
const mostly = <T>(likely: T, other: T) =>
  fc.integer({ min: 0, max: 5 }).map((n) => (n === 0 ? other : likely));

const item = (id: string) =>
  listType.chain((type) =>
    fc.record({
      id: fc.constant(id),
      ownerId: fc.constantFrom('u1', 'u2', 'u3', 'u4'),
      // Mostly a store wanting and resellers having, as on the marketplace.
      role:
        type === 'wtb'
          ? mostly<DealItem['role']>('store', 'reseller')
          : mostly<DealItem['role']>('reseller', 'store'),
      listType: fc.constant(type),
      productCatalogId: fc.constantFrom(null, null, 'p1', 'p2'),
      sku: styleCode,
      brand: fc.constantFrom('Nike', 'Jordan', 'Nike', 'adidas', 'New Balance'),
      gender: fc.constantFrom(null, 'men', 'women'),
      sizes: fc.array(size, { maxLength: 4 }),
      isBulk: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      price: fc.option(fc.integer({ min: 0, max: 500_00 }), { nil: null }),
      currency: fc.constantFrom('EUR', 'GBP') as fc.Arbitrary<DealItem['currency']>,
      updatedAt: fc.constant('2026-11-01T10:00:00.000Z'),
      participates: mostly(true, false),
      demo: mostly(false, true),
    }),
  );

const items = fc
  .integer({ min: 2, max: 24 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => item(`i${i}`))));

/** A stand-in for the table: partitions of sort-key-ordered rows, read by Query (pk, begins_with). */
function indexOf(all: readonly DealItem[]): Map<string, DealIndexRow[]> {
  const partitions = new Map<string, DealIndexRow[]>();
  for (const row of all.flatMap(dealIndexRows)) {
    const rows = partitions.get(row.pk) ?? [];
    rows.push(row);
    partitions.set(row.pk, rows);
  }
  return partitions;
}

const matchedIds = (x: DealItem, ys: readonly DealItem[]) =>
  ys
    .filter((y) => matchesOf(x, y).length > 0)
    .map((y) => y.id)
    .sort();

describe('the match rule over random items (mixed size systems and style-code formats)', () => {
  it('is symmetric: either argument order gives the same sizes', () => {
    fc.assert(
      fc.property(items, (all) => {
        for (const a of all) for (const b of all) expect(matchesOf(a, b)).toEqual(matchesOf(b, a));
      }),
    );
  });

  it('never matches an item out of deals, the same owner, or demo with live', () => {
    fc.assert(
      fc.property(items, (all) => {
        for (const a of all) {
          for (const b of all) {
            if (matchesOf(a, b).length === 0) continue;
            expect(a.participates && b.participates).toBe(true);
            expect(a.ownerId).not.toBe(b.ownerId);
            expect(a.demo).toBe(b.demo);
          }
        }
      }),
    );
  });

  it('is unaffected by how the style code is written', () => {
    fc.assert(
      fc.property(items, fc.array(spelling, { minLength: 24, maxLength: 24 }), (all, spellings) => {
        const respelled = all.map((it, i) => ({ ...it, sku: respell(it.sku, spellings[i]!) }));
        for (const [i, a] of all.entries()) {
          for (const [j, b] of all.entries()) {
            expect(matchesOf(respelled[i]!, respelled[j]!)).toEqual(matchesOf(a, b));
          }
        }
      }),
    );
  });

  it('uses each pair once: no listed size is matched more often than it is listed', () => {
    const counts = (labels: readonly string[]) => {
      const out = new Map<string, number>();
      for (const label of labels) {
        const size = normalizeSize(label);
        if (size !== BULK_SIZE) out.set(size, (out.get(size) ?? 0) + 1);
      }
      return out;
    };
    const withinListed = (used: readonly string[], listed: readonly string[]) => {
      const available = counts(listed);
      for (const [size, n] of counts(used)) expect(n).toBeLessThanOrEqual(available.get(size) ?? 0);
    };
    fc.assert(
      fc.property(items, (all) => {
        for (const a of all) {
          for (const b of all) {
            const found = matchesOf(a, b);
            const [want, have] = a.listType === 'wtb' ? [a, b] : [b, a];
            withinListed(
              found.map((m) => m.wantSize),
              want.sizes,
            );
            withinListed(
              found.map((m) => m.haveSize),
              have.sizes,
            );
          }
        }
      }),
    );
  });

  it("the index's candidate Queries find exactly the items a brute-force all-pairs match finds", () => {
    let matched = 0;
    fc.assert(
      fc.property(items, (all) => {
        const index = indexOf(all);
        const byId = new Map(all.map((it) => [it.id, it]));
        for (const changed of all) {
          const found = new Set<string>();
          for (const query of candidateQueries(changed)) {
            for (const row of index.get(query.pk) ?? []) {
              if (query.skPrefix === undefined || row.sk.startsWith(query.skPrefix))
                found.add(itemIdOfIndexRow(row));
            }
          }
          const candidates = [...found].flatMap((id) => byId.get(id) ?? []);
          const expected = matchedIds(changed, all);
          expect(matchedIds(changed, candidates)).toEqual(expected);
          matched += expected.length;
        }
      }),
      { numRuns: 300 },
    );
    // The generators must produce real matches, or the comparison above proves nothing.
    expect(matched).toBeGreaterThan(300);
  });
});
