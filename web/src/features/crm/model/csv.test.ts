import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Client } from '@sneakers/shared';
import { chunk, clientsToCsv, columnForHeader, neutraliseFormula, restoreFormula, toCsv } from './csv';
import { parseClientsCsv, parseCsv } from './csv-parse';

describe('csv', () => {
  // A file keeps one kind of line break (Papa Parse detects it); a quoted field may hold any.
  it.each(['\r\n', '\n', '\r'])('parses quotes, escaped quotes, commas and %j line breaks', (eol) => {
    const text = `\ufeffname,notes${eol}"Doe, Jane","She said ""hi""\r\nand left"${eol}Bob,plain${eol}Amy,${eol}`;
    expect(parseCsv(text)).toEqual([
      ['name', 'notes'],
      ['Doe, Jane', 'She said "hi"\r\nand left'],
      ['Bob', 'plain'],
      ['Amy', ''],
    ]);
  });

  it('detects a semicolon or tab delimiter (a spreadsheet saved in a Spanish locale)', () => {
    expect(parseCsv('name;email\r\nAna;ana@example.com\r\n')).toEqual([
      ['name', 'email'],
      ['Ana', 'ana@example.com'],
    ]);
    expect(parseCsv('name\temail\nAna\tana@example.com')).toEqual([
      ['name', 'email'],
      ['Ana', 'ana@example.com'],
    ]);
  });

  it('keeps a last record without a line break and empty fields', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('round-trips any fields through serialize and parse', () => {
    const rows = [
      ['name', 'email', 'phone', 'instagram', 'created_at'],
      ['Doe, Jane', 'jane@example.com', '+34 600 000 000', 'jane', '2026-01-01T00:00:00Z'],
      ['He said "yo"', 'multi\nline', ' padded ', '', 'x\r\ny'],
      ['ñandú', '€', '', '', ''],
    ];
    const text = toCsv(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain('"Doe, Jane"');
    expect(text).toContain('"He said ""yo"""');
    expect(parseCsv(text)).toEqual(rows);
  });

  it('exports clients with the documented columns', () => {
    const client: Client = {
      id: 'c-1',
      name: 'Ana, "La Jefa"',
      email: 'ana@example.com',
      phone: '600',
      instagramHandle: null,
      bookingCount: 0,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const text = clientsToCsv([client]);
    expect(text.split('\r\n')[0]).toBe('name,email,phone,instagram,created_at');
    expect(parseCsv(text)[1]).toEqual([
      'Ana, "La Jefa"',
      'ana@example.com',
      '600',
      '',
      '2026-01-01T00:00:00Z',
    ]);
  });

  it('maps headers and validates every row with clientCreateSchema', () => {
    expect(columnForHeader(' E-mail ')).toBe('email');
    expect(columnForHeader('Instagram_Handle')).toBe('instagramHandle');
    expect(columnForHeader('Teléfono')).toBe('phone');
    const parsed = parseClientsCsv(
      'Name,Email,Phone,Instagram\r\nAna,ana@example.com,600,@ana\r\n\r\nBad,not-an-email,,\r\n',
    );
    expect(parsed.missingColumns).toEqual([]);
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.rows[0]).toMatchObject({ line: 2, errors: {} });
    expect(parsed.rows[0]!.values.instagramHandle).toBe('@ana');
    expect(parsed.rows[1]!.line).toBe(4);
    expect(Object.keys(parsed.rows[1]!.errors).sort()).toEqual(['email', 'phone']);
    expect(parseClientsCsv('name,foo\nx,y').missingColumns).toEqual(['email', 'phone']);
  });

  it('splits rows into batches', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('exports formula-like cells with an apostrophe a spreadsheet will not run, and imports them back exactly', () => {
    const client = {
      id: 'c1',
      name: '=HYPERLINK("http://evil.example","click")',
      email: 'ana@example.com',
      phone: '+34 600 000 000',
      instagramHandle: '@ana',
      bookingCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const text = clientsToCsv([client]);
    const [, row] = parseCsv(text);
    expect(row?.[0]).toBe(`'${client.name}`);
    // A phone number is exported as typed (issue 11): it cannot run anything.
    expect(row?.[2]).toBe('+34 600 000 000');
    const [imported] = parseClientsCsv(text).rows;
    expect(imported?.values).toMatchObject({
      name: client.name,
      phone: '+34 600 000 000',
      instagramHandle: '@ana',
    });
    expect(restoreFormula("'plain")).toBe("'plain");
  });

  describe('phone numbers and plain numbers are not prefixed; formulas still are', () => {
    it.each([
      '+39 333 000 1111',
      '+34 600 000 000',
      '+1 (555) 010-9999',
      '+44/20.7946.0958',
      '-12.5',
      '-1',
      '+0034-600-000-000',
    ])('%s is exported as typed', (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    });

    it.each([
      '=1+1',
      "+1+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(1)',
      '+',
      '- ',
      '+()',
      '+39 333\t',
      '+39=1',
      '-1,2',
      '+1e5',
      '\t+39 333',
      '\r-1',
      '=39 333 000 1111',
      '@39',
    ])('%j keeps its apostrophe', (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    });

    const separator = fc.constantFrom(' ', '.', '-', '(', ')', '/');
    const digit = fc.constantFrom(...'0123456789');
    const phoneLike = fc
      .tuple(
        fc.constantFrom('+', '-'),
        fc.array(fc.oneof(digit, separator), { maxLength: 20 }),
        digit,
        fc.array(fc.oneof(digit, separator), { maxLength: 20 }),
      )
      .map(([sign, before, d, after]) => sign + before.join('') + d + after.join(''));

    it('a sign then digits and separators (at least one digit) is never prefixed', () => {
      fc.assert(
        fc.property(
          phoneLike,
          (value) => neutraliseFormula(value) === value && restoreFormula(value) === value,
        ),
      );
    });

    it('any character other than a digit or separator after the first one keeps the prefix', () => {
      // Printable ASCII, plus the characters a spreadsheet treats specially.
      const other = fc
        .oneof(fc.string({ minLength: 1, maxLength: 1 }), fc.constantFrom('\t', '\r', '\n', '\u00a0', '＋'))
        .filter((c) => !/[\d .()/-]/.test(c));
      fc.assert(
        fc.property(phoneLike, other, fc.nat(), (phone, c, at) => {
          const i = 1 + (at % phone.length);
          const value = phone.slice(0, i) + c + phone.slice(i);
          return neutraliseFormula(value) === `'${value}`;
        }),
      );
    });

    it('every value starting with = or @ (or tab, CR) is prefixed, and a prefixed export imports back exactly', () => {
      fc.assert(
        fc.property(
          fc.constantFrom('=', '@', '\t', '\r'),
          fc.string(),
          (start, rest) => neutraliseFormula(start + rest) === `'${start}${rest}`,
        ),
      );
      fc.assert(
        fc.property(fc.string(), (value) => {
          const out = neutraliseFormula(value);
          // Either the value as typed, or behind the apostrophe a spreadsheet shows as text
          // (which the import takes off again).
          return out === value || (out === `'${value}` && restoreFormula(out) === value);
        }),
      );
    });
  });
});
