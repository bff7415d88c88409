import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { FunctionManifest } from '../../../services/registry';
import {
  NODE_RUNTIME,
  POWERTOOLS_LAYER_ACCOUNT,
  POWERTOOLS_LAYER_NAME,
  POWERTOOLS_LAYER_VERSION,
  serviceBundling,
} from '../bundling';
import { acknowledge } from '../nag';

export interface ServiceFunctionProps {
  manifest: FunctionManifest;
  environment: Record<string, string>;
  /**
   * Names the function in alarms and the dashboard (default: the service name). A second
   * function of the same service (e.g. its Cognito trigger) needs its own label.
   */
  label?: string;
  /** Default: `<service> service (<stack>)`. */
  description?: string;
  /**
   * Bundle the service's handler with esbuild (the default, and what `cdk synth` does).
   * Assertion tests pass false to get a tiny inline stub: the template is otherwise identical.
   */
  bundle?: boolean;
  memorySize?: number;
  timeout?: Duration;
  logRetention?: logs.RetentionDays;
}

/**
 * One domain service as one Lambda (docs/architecture.md#per-domain-lambda-functions): Node.js 24 on arm64, ESM bundle, the
 * Powertools layer, active
 * tracing, its own log group with a retention, and a role that may only write to that log
 * group until the stacks grant it more.
 */
export class ServiceFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly serviceName: string;
  readonly label: string;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const { definition, entry } = props.manifest;
    this.serviceName = definition.name;
    this.label = props.label ?? definition.name;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // A role of our own instead of AWSLambdaBasicExecutionRole: logs only to this group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the ${definition.name} service`,
    });
    this.logGroup.grantWrite(this.role);

    const powertools = lambda.LayerVersion.fromLayerVersionArn(
      this,
      'Powertools',
      `arn:${Stack.of(this).partition}:lambda:${Stack.of(this).region}:${POWERTOOLS_LAYER_ACCOUNT}:layer:${POWERTOOLS_LAYER_NAME}:${POWERTOOLS_LAYER_VERSION}`,
    );

    const common = {
      runtime: NODE_RUNTIME,
      layers: [powertools],
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      role: this.role,
      environment: props.environment,
      description: props.description ?? `${definition.name} service (${Stack.of(this).stackName})`,
    };

    this.function =
      props.bundle === false
        ? new lambda.Function(this, 'Function', {
            ...common,
            handler: 'index.handler',
            code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 503 });'),
          })
        : new NodejsFunction(this, 'Function', {
            ...common,
            entry,
            handler: 'handler',
            bundling: serviceBundling(definition.access),
          });

    acknowledge(
      this.role.node.findChild('DefaultPolicy'),
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions (active tracing).',
    );
  }
}
