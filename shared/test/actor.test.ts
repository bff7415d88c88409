import { describe, expect, it } from 'vitest';
import { actorFromClaims, requireSuperuser, requireUser, requireWriter } from '../src/actor';
import { DEMO } from '../src/demo';
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

  it('turns a member of the demo group into the read-only demo store, whatever its sub', () => {
    const actor = actorFromClaims({ sub: '8f1c-uuid', 'cognito:groups': '[demo]', email: 'x@y.z' });
    expect(actor).toEqual({
      kind: 'user',
      userId: DEMO.userId,
      email: DEMO.email,
      isSuperuser: false,
      isDemo: true,
    });
    expect(() => requireWriter(actor)).toThrow(expect.objectContaining({ status: 403, code: 'DEMO_MODE' }));
    // The demo group wins over any other group: a demo token never acts as a superuser.
    expect(actorFromClaims({ sub: 'u', 'cognito:groups': ['superusers', 'demo'] })).toMatchObject({
      userId: DEMO.userId,
      isSuperuser: false,
    });
  });

  it('requires a user and a superuser with the documented messages', () => {
    expect(() => requireUser({ kind: 'anonymous' })).toThrow(
      new UnauthenticatedError('User not authenticated'),
    );
    const plain = actorFromClaims({ sub: 'u1' });
    expect(() => requireSuperuser(plain)).toThrow(ForbiddenError);
  });
});
