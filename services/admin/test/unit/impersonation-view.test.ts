import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { impersonationView } from '@sneakers/shared/views/impersonation-view';
import { impersonationEntity } from '../../src/impersonation/impersonation-entity';

describe('the shared read-only impersonation view', () => {
  it('reads the grants this service writes exactly as they are written', () => {
    expect(viewDrift(impersonationView, impersonationEntity)).toEqual([]);
  });

  it('builds the same keys for a grant as the owner (token hash, then id on gsi1)', () => {
    const table = { table: 'sneakers' };
    const grant = { tokenHash: 'ab12', id: 'G1' };
    expect(impersonationView.get({ tokenHash: grant.tokenHash }).params(table)).toEqual(
      impersonationEntity.get({ tokenHash: grant.tokenHash }).params(table),
    );
    expect(impersonationView.query.byId({ id: grant.id }).params(table)).toEqual(
      impersonationEntity.query.byId({ id: grant.id }).params(table),
    );
  });

  it('notices a drift', () => {
    const drifted = {
      schema: {
        ...impersonationView.schema,
        attributes: { ...impersonationView.schema.attributes, expiresAt: { type: 'number' } },
      },
    };
    expect(viewDrift(drifted, impersonationEntity)).toEqual([expect.stringContaining('expiresAt')]);
  });
});
