import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { USER_POOL } from '@sneakers/shared/auth/user-pool';
import type { FunctionManifest } from '../../../services/registry';
import { ServiceFunction } from '../constructs/service-function';
import { baseEnvironment } from '../environment';
import { pascal } from '../naming';
import { acknowledge } from '../nag';
import { tableAccessStatement } from './services-stack';

export interface AuthStackProps extends StackProps {
  /** The registry or fixtures: the service declaring `cognitoTriggers.preSignUp` gets a trigger function here. */
  services: readonly FunctionManifest[];
  /** Read by the trigger (e.g. whether sign-up is open); from the data stack. */
  table: dynamodb.ITable;
  eventBusName: string;
  allowedOrigins: string[];
  appUrl: string;
  /** False in assertion tests: inline stub code instead of an esbuild bundle. */
  bundle?: boolean;
}

/** Cognito gives a trigger at most 5 seconds. */
export const TRIGGER_TIMEOUT = Duration.seconds(5);

type AuthFlow = (typeof USER_POOL.clientAuthFlows)[number];

/** USER_POOL's flow names (Cognito API spelling) as the CDK's AuthFlow switches. */
export function authFlows(flows: readonly AuthFlow[]): cognito.AuthFlow {
  const out: { userPassword?: boolean; userSrp?: boolean; adminUserPassword?: boolean } = {};
  for (const flow of flows) {
    switch (flow) {
      case 'USER_PASSWORD_AUTH':
        out.userPassword = true;
        break;
      case 'USER_SRP_AUTH':
        out.userSrp = true;
        break;
      case 'ADMIN_USER_PASSWORD_AUTH':
        out.adminUserPassword = true;
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
  /** Cognito trigger functions (a second function of the declaring service, same entry). */
  readonly triggerFunctions: ServiceFunction[] = [];

  constructor(scope: Construct, id: string, props: AuthStackProps) {
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

    this.addPreSignUpTrigger(props);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'SpaClientId', { value: this.spaClient.userPoolClientId });

    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'The product fixes the password rule at 6+ characters with no forced character classes (docs/product/accounts.md#new-password-rules, USER_POOL.passwordMinLength).',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'The product has no MFA step in sign-up or sign-in (docs/product/accounts.md#auth-page); MFA can be enabled later as OPTIONAL without data migration.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Essentials plan on purpose: Plus (threat protection) is billed per monthly active user; turn it on with featurePlan PLUS when the business wants adaptive auth.',
    );
  }

  /**
   * The PreSignUp trigger lives here, not in the services stack: the pool must name the
   * function and a services function already depends on the pool (USER_POOL_ID, admin
   * grants), so a trigger there would be a cycle. It is a separate function of the same
   * service (same entry and bundle; the handler dispatches on `triggerSource`) that may only
   * read the table.
   */
  private addPreSignUpTrigger(props: AuthStackProps): void {
    const declaring = props.services.filter((s) => s.definition.cognitoTriggers?.preSignUp);
    if (declaring.length > 1) {
      throw new Error(
        `Only one service may answer the PreSignUp trigger (got ${declaring.map((s) => s.definition.name).join(', ')})`,
      );
    }
    const manifest = declaring[0];
    if (!manifest) return;
    const { definition } = manifest;
    const trigger = new ServiceFunction(this, `${pascal(definition.name)}PreSignUp`, {
      manifest,
      bundle: props.bundle,
      label: `${definition.name}-pre-sign-up`,
      description: `${definition.name} service: Cognito PreSignUp trigger (${this.stackName})`,
      timeout: TRIGGER_TIMEOUT,
      environment: baseEnvironment({
        definition,
        tableName: props.table.tableName,
        eventBusName: props.eventBusName,
        allowedOrigins: props.allowedOrigins,
        appUrl: props.appUrl,
      }),
    });
    trigger.role.addToPrincipalPolicy(tableAccessStatement(props.table, 'read'));
    // Also grants cognito-idp.amazonaws.com lambda:InvokeFunction, scoped to this pool.
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, trigger.function);
    this.triggerFunctions.push(trigger);
  }
}
