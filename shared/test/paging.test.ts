import { describe, expect, it } from 'vitest';
import { checkCursor, queryPage } from '../src/table/paging';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tableCursor = encode({ pk: '$sneakers$client#storeuserid_u1', sk: '$client_1#clientid_c1' });
const gsiCursor = encode({ pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' });

describe('page cursors', () => {
  it('accepts the cursors the server issues', () => {
    expect(() => checkCursor(tableCursor)).not.toThrow();
    expect(() => checkCursor(gsiCursor, 'gsi1')).not.toThrow();
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['an array', encode(['pk', 'sk'])],
    ['a table key on an index query', tableCursor],
    ['another index', encode({ pk: 'a', sk: 'b', gsi2pk: 'c', gsi2sk: 'd' })],
    ['wrong key types', encode({ pk: 1, sk: { S: 'x' }, gsi1pk: 'c', gsi1sk: 'd' })],
    [
      '__proto__',
      'eyJfX3Byb3RvX18iOnsicGsiOiJhIn0sInBrIjoiYSIsInNrIjoiYiIsImdzaTFwayI6ImMiLCJnc2kxc2siOiJkIn0',
    ],
    ['an extra key', encode({ pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd', admin: 'x' })],
    ['empty values', encode({ pk: '', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' })],
  ])('refuses %s with a 400', (_, cursor) => {
    expect(() => checkCursor(cursor, 'gsi1')).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('queryPage', () => {
  it('passes the cursor and limit, maps the rows and keeps the next cursor', async () => {
    let seen: unknown;
    const page = await queryPage(
      { cursor: gsiCursor, limit: 2 },
      { index: 'gsi1', defaultLimit: 25 },
      async (go) => {
        seen = go;
        return { data: [{ n: 1 }, { n: 2 }], cursor: 'next' };
      },
      (row) => row.n * 10,
    );
    expect(seen).toEqual({ cursor: gsiCursor, limit: 2 });
    expect(page).toEqual({ items: [10, 20], cursor: 'next' });
  });

  it('uses the default limit and answers a null cursor on the last page', async () => {
    const page = await queryPage(
      {},
      { defaultLimit: 25 },
      async (go) => ({ data: [go.limit], cursor: null }),
      (n) => n,
    );
    expect(page).toEqual({ items: [25], cursor: null });
  });

  it('turns DynamoDB refusing a start key into a 400', async () => {
    const refused = queryPage(
      { cursor: tableCursor },
      { defaultLimit: 25 },
      async () => {
        throw new Error('The provided starting key is outside query boundaries based on provided conditions');
      },
      (n: number) => n,
    );
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});
