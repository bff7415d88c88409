import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_POOL } from '@sneakers/shared/auth/user-pool';
import { buildTestApp, resources, SYNTH_TIMEOUT } from './support/build-app';

let template: Template;
beforeAll(() => {
  template = Template.fromStack(buildTestApp().auth);
}, SYNTH_TIMEOUT);

describe('auth stack', () => {
  it('signs in by email with self sign-up, email verification and the password rule of USER_POOL', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: USER_POOL.passwordMinLength,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
    expect(USER_POOL.passwordMinLength).toBe(6);
  });

  it('declares every custom attribute of USER_POOL with its max length', () => {
    const [[, pool]] = resources(template, 'AWS::Cognito::UserPool') as [
      [string, { Properties: { Schema: unknown[] } }],
    ];
    for (const [name, attr] of Object.entries(USER_POOL.customAttributes)) {
      expect(pool.Properties.Schema).toContainEqual(
        expect.objectContaining({
          Name: name,
          AttributeDataType: 'String',
          StringAttributeConstraints: expect.objectContaining({ MaxLength: String(attr.maxLength) }),
        }),
      );
    }
  });

  it('retains the pool and creates the groups of USER_POOL', () => {
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
    for (const [groupName, description] of Object.entries(USER_POOL.groups)) {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
        GroupName: groupName,
        Description: description,
      });
    }
  });

  it('gives the SPA a public client with the flows and token lifetimes of USER_POOL', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: USER_POOL.tokenValidityMinutes.access,
      IdTokenValidity: USER_POOL.tokenValidityMinutes.id,
      RefreshTokenValidity: USER_POOL.refreshTokenValidityDays * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
    const [[, client]] = resources(template, 'AWS::Cognito::UserPoolClient') as [
      [string, { Properties: { ExplicitAuthFlows: string[] } }],
    ];
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(
      USER_POOL.clientAuthFlows.map((f) => `ALLOW_${f}`).sort(),
    );
  });
});
