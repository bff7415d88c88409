import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface RealtimeStackProps extends StackProps {
  stageName: string;
}

/**
 * The WebSocket API and its auto-deploying stage. The API exists before the functions
 * (the services stack), so functions can carry WS_MANAGEMENT_ENDPOINT and the
 * ManageConnections grant without a reference cycle; the services stack attaches the
 * `$connect`/`$disconnect`/`$default` routes to it. The API id is exported under a
 * fixed name (`apiIdExportName`) that the services stack imports. Connections are an
 * entity of the shared table (data stack).
 */
export class RealtimeStack extends Stack {
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  readonly accessLogs: logs.LogGroup;
  readonly apiIdExportName: string;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);

    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${this.stackName}-ws`,
      description: 'Realtime pushes to the SPA (invalidate frames)',
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: props.stageName,
      autoDeploy: true,
      throttle: { burstLimit: 200, rateLimit: 100 },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(this.accessLogs) },
    });

    this.apiIdExportName = `${this.stackName}-WebSocketApiId`;
    new CfnOutput(this, 'WebSocketApiId', {
      value: this.webSocketApi.apiId,
      exportName: this.apiIdExportName,
    });
    new CfnOutput(this, 'WebSocketUrl', { value: this.stage.url });
  }

  /** `wss://…/{stage}`: what the SPA connects to. */
  get url(): string {
    return this.stage.url;
  }

  /** `wss://{apiId}.execute-api.{region}.{suffix}`: the origin, for the SPA's CSP. */
  get origin(): string {
    return this.webSocketApi.apiEndpoint;
  }
}
