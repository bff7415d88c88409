import { describe, expect, it } from 'vitest';
import { actorFromClaims, requireSuperuser, requireUser } from '../src/actor';
import { ForbiddenError, UnauthenticatedError } from '../src/errors';

describe('actor from verified claims', () => {
  it('is anonymous without a subject', () => {
    expect(actorFromClaims(undefined)).toEqual({ kind: 'anonymous' });
    expect(actorFromClaims({ sub: '' })).toEqual({ kind: 'anonymous' });
  });

  it('reads groups as API Gateway passes them ("[a b]") and as arrays', () => {
    expect(actorFromClaims({ sub: 'u1', 'cognito:groups': '[staff superusers]' })).toMatchObject({
      isSuperuser: true,
    });
    expect(actorFromClaims({ sub: 'u1', 'cognito:groups': ['superusers'] })).toMatchObject({
      isSuperuser: true,
    });
    expect(actorFromClaims({ sub: 'u1', 'cognito:groups': '[staff]' })).toMatchObject({ isSuperuser: false });
  });

  it('marks demo users by their id prefix', () => {
    expect(actorFromClaims({ sub: 'demo-store' })).toMatchObject({ isDemo: true });
  });

  it('requires a user and a superuser with the spec messages', () => {
    expect(() => requireUser({ kind: 'anonymous' })).toThrow(
      new UnauthenticatedError('User not authenticated'),
    );
    const plain = actorFromClaims({ sub: 'u1' });
    expect(() => requireSuperuser(plain)).toThrow(ForbiddenError);
  });
});
