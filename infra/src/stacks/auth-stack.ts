import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { USER_POOL } from '@sneakers/shared/auth/user-pool';
import { acknowledge } from '../nag';

type AuthFlow = (typeof USER_POOL.clientAuthFlows)[number];

/** USER_POOL's flow names (Cognito API spelling) as the CDK's AuthFlow switches. */
export function authFlows(flows: readonly AuthFlow[]): cognito.AuthFlow {
  const out: { userPassword?: boolean; userSrp?: boolean } = {};
  for (const flow of flows) {
    switch (flow) {
      case 'USER_PASSWORD_AUTH':
        out.userPassword = true;
        break;
      case 'USER_SRP_AUTH':
        out.userSrp = true;
        break;
      case 'REFRESH_TOKEN_AUTH':
        // Always enabled by Cognito alongside any other flow.
        break;
    }
  }
  return out;
}

/** The Cognito user pool and the SPA's client, from USER_POOL. */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly spaClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: Object.fromEntries(
        Object.entries(USER_POOL.customAttributes).map(([name, a]) => [
          name,
          new cognito.StringAttribute({ minLen: 0, maxLen: a.maxLength, mutable: true }),
        ]),
      ),
      passwordPolicy: {
        minLength: USER_POOL.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const [groupName, description] of Object.entries(USER_POOL.groups)) {
      this.userPool.addGroup(`Group-${groupName}`, { groupName, description });
    }

    this.spaClient = this.userPool.addClient('SpaClient', {
      generateSecret: false,
      authFlows: authFlows(USER_POOL.clientAuthFlows),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(USER_POOL.tokenValidityMinutes.access),
      idTokenValidity: Duration.minutes(USER_POOL.tokenValidityMinutes.id),
      refreshTokenValidity: Duration.days(USER_POOL.refreshTokenValidityDays),
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'SpaClientId', { value: this.spaClient.userPoolClientId });

    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'The product specification fixes the password rule at 6+ characters with no forced character classes (USER_POOL.passwordMinLength).',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'The specification has no MFA step in sign-up or sign-in; MFA can be enabled later as OPTIONAL without data migration.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Essentials plan on purpose: Plus (threat protection) is billed per monthly active user; turn it on with featurePlan PLUS when the business wants adaptive auth.',
    );
  }
}
