import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_POOL } from '@sneakers/shared/auth/user-pool';
import { functions as services } from '../../services/registry';
import {
  buildTestApp,
  fixtureService,
  identityFixtures,
  resources,
  SYNTH_TIMEOUT,
} from './support/build-app';

let template: Template;
let withTrigger: Template;
beforeAll(() => {
  template = Template.fromStack(buildTestApp().auth);
  // A fixture service answering PreSignUp, instead of the registry's (if any).
  const list = [...services.filter((s) => !s.definition.cognitoTriggers?.preSignUp), identityFixtures.gate];
  withTrigger = Template.fromStack(buildTestApp({ services: list }).auth);
}, SYNTH_TIMEOUT);

type Fn = { Properties: { Environment: { Variables: Record<string, unknown> }; Timeout: number } };

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
    // Amplify signs in by SRP in AWS, the local cloud by password; both refresh. The
    // profiles service signs the Try Demo user in server-side (admin password flow).
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      ]),
    );
  });

  it('wires the PreSignUp trigger to a function of the declaring service in this stack, invocable by this pool only', () => {
    const [[poolId, pool]] = resources(withTrigger, 'AWS::Cognito::UserPool') as [
      [string, { Properties: { LambdaConfig?: { PreSignUp?: { 'Fn::GetAtt': [string, string] } } } }],
    ];
    const target = pool.Properties.LambdaConfig?.PreSignUp?.['Fn::GetAtt'];
    expect(target?.[1]).toBe('Arn');
    const functions = withTrigger.findResources('AWS::Lambda::Function') as Record<string, Fn>;
    const fn = functions[target?.[0] ?? ''];
    expect(fn, 'the trigger is a function of the auth stack').toBeDefined();
    expect(fn?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 5 });
    expect(fn?.Properties.Environment.Variables).toMatchObject({
      POWERTOOLS_SERVICE_NAME: 'gate',
      STAGE: 'aws',
      APP_URL: 'https://app.example.com',
    });
    // Reading the table is all it does: no pool id (that would be a cycle in this stack), no admin.
    expect(Object.keys(fn?.Properties.Environment.Variables ?? {})).not.toContain('USER_POOL_ID');
    withTrigger.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [target?.[0], 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
    const policy = JSON.stringify(
      resources(withTrigger, 'AWS::IAM::Policy').find(([id]) => id.startsWith('GatePreSignUp'))?.[1],
    );
    expect(policy).toContain('dynamodb:Query');
    expect(policy).not.toContain('dynamodb:PutItem');
    expect(policy).not.toMatch(/cognito-idp|ses:|s3:/);
    // Self sign-up stays on: the trigger gates it.
    withTrigger.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    });
  });

  it('has a trigger function exactly when the registry declares one', () => {
    const declared = services.some((s) => s.definition.cognitoTriggers?.preSignUp);
    template.resourceCountIs('AWS::Lambda::Function', declared ? 1 : 0);
    const pools = resources(template, 'AWS::Cognito::UserPool');
    expect(pools).toHaveLength(1);
    expect('LambdaConfig' in (pools[0]?.[1].Properties ?? {})).toBe(declared);
  });

  it('refuses two services answering PreSignUp', () => {
    const other = fixtureService({ name: 'gate-two', preSignUp: true });
    expect(() => buildTestApp({ services: [identityFixtures.gate, other] })).toThrow(
      /Only one service may answer/,
    );
  });
});
