import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '@sneakers/shared/contracts/migration';
import { readCsv, readXlsx, type CsvDialect, type OpenBytes } from '../../src/files/readers';

/** The bytes as a stored object would stream them, in small chunks (multi-byte characters split). */
const bytesOf =
  (bytes: Uint8Array, chunk = 7): OpenBytes =>
  async () =>
    (async function* () {
      for (let i = 0; i < bytes.length; i += chunk) yield bytes.slice(i, i + chunk);
    })();

async function rowsOf(bytes: Uint8Array, known?: CsvDialect) {
  const rows: string[][] = [];
  const dialect = await readCsv(
    bytesOf(bytes),
    async (batch) => {
      await Promise.resolve();
      rows.push(...batch);
    },
    known,
  );
  return { rows: rows.filter((r) => r.some((c) => c !== '')), dialect };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const utf16 = (text: string, be: boolean) => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(be ? [0xfe, 0xff] : [0xff, 0xfe]);
  [...text].forEach((c, i) => {
    const code = c.charCodeAt(0);
    out[2 + i * 2] = be ? code >> 8 : code & 0xff;
    out[3 + i * 2] = be ? code & 0xff : code >> 8;
  });
  return out;
};

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error as { code?: string }).code,
  );

describe('the CSV reader', () => {
  const text = 'SKU;Nombre;Talla\nDD1391-100;Dunk Low Niño;42\n"AB;1";"Say ""hi""";43\n';

  it.each([
    ['UTF-8', utf8(text)],
    ['UTF-8 with a BOM', utf8(`\ufeff${text}`)],
    ['UTF-16 LE', utf16(text, false)],
    ['UTF-16 BE', utf16(text, true)],
    ['Windows-1252', latin1(text)],
  ])('reads %s, guessing the delimiter', async (_, bytes) => {
    const { rows, dialect } = await rowsOf(bytes);
    expect(rows).toEqual([
      ['SKU', 'Nombre', 'Talla'],
      ['DD1391-100', 'Dunk Low Niño', '42'],
      ['AB;1', 'Say "hi"', '43'],
    ]);
    expect(dialect.delimiter).toBe(';');
  });

  it.each([',', '\t', '|'])('guesses %j as the delimiter', async (d) => {
    const { rows } = await rowsOf(utf8(`a${d}b\n1${d}2\n`));
    expect(rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps formulas as text, taking off the export protection', async () => {
    const { rows } = await rowsOf(utf8("a,b\n=1+2,'=SUM(A1)\n@x,+34 600\n"));
    expect(rows.slice(1)).toEqual([
      ['=1+2', '=SUM(A1)'],
      ['@x', '+34 600'],
    ]);
  });

  it.each([
    ['an empty file', new Uint8Array(0), 'FILE_EMPTY'],
    ['binary data', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2]), 'FILE_BINARY'],
    ['a quote that never closes', utf8('a,b\n"x,1\n2,3\n'), 'UNCLOSED_QUOTE'],
    [
      'mixed encodings',
      new Uint8Array([...latin1('a,b\nNi\xf1o,1\n'), ...utf8('Niño,2\n')]),
      'MIXED_ENCODING',
    ],
  ])('refuses %s with its code', async (_, bytes, code) => {
    expect(await codeOf(rowsOf(bytes))).toBe(code);
  });

  it('stops past the row limit', async () => {
    const big = utf8(`a\n${'1\n'.repeat(IMPORT_MAX_ROWS + 30)}`);
    expect(await codeOf(rowsOf(big))).toBe('TOO_MANY_ROWS');
  });

  it('reads again with the dialect it found, without guessing', async () => {
    const bytes = latin1(text);
    const first = await rowsOf(bytes);
    const again = await rowsOf(bytes, first.dialect);
    expect(again.rows).toEqual(first.rows);
  });
});

describe('the XLSX reader', () => {
  it('reads every sheet, cells as text: dates as YYYY-MM-DD, numbers as typed, formulas as text', async () => {
    const buffer = await writeXlsxFile(
      [
        {
          sheet: 'Stock',
          data: [
            [{ value: 'SKU' }, { value: 'Price' }, { value: 'Bought' }, { value: 'Note' }],
            [
              { value: 'DD1391-100' },
              { value: 180.5, type: Number },
              { value: new Date(Date.UTC(2024, 2, 5)), type: Date, format: 'yyyy-mm-dd' },
              { value: '=HYPERLINK("x")' },
            ],
          ],
        },
        { sheet: 'Other', data: [[{ value: 'x' }]] },
      ],
      {},
    ).toBuffer();
    const sheets = await readXlsx(new Uint8Array(buffer));
    expect(sheets.map((s) => s.sheet)).toEqual(['Stock', 'Other']);
    expect(sheets[0]?.rows).toEqual([
      ['SKU', 'Price', 'Bought', 'Note'],
      ['DD1391-100', '180.5', '2024-03-05', '=HYPERLINK("x")'],
    ]);
  });

  it.each([
    ['an empty file', new Uint8Array(0), 'FILE_EMPTY'],
    ['a CSV named .xlsx', utf8('a,b\n1,2\n'), 'FILE_TYPE'],
    ['binary data', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 1]), 'FILE_BINARY'],
    ['a broken zip', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), 'FILE_UNREADABLE'],
  ])('refuses %s with its code', async (_, bytes, code) => {
    expect(await codeOf(readXlsx(bytes))).toBe(code);
  });
});
