import { Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { ServiceManifest } from '../../../services/registry';
import { ServiceFunction } from '../constructs/service-function';
import { acknowledge } from '../nag';
import { METRICS_NAMESPACE } from '../settings';
import type { RealtimeStack } from './realtime-stack';

export interface ServicesStackProps extends StackProps {
  /** The registry (`services/registry.ts`), or fixtures in tests. */
  services: readonly ServiceManifest[];
  table: dynamodb.ITable;
  realtime: RealtimeStack;
  /** Fixed bus name (the events stack creates the bus with it). */
  eventBusName: string;
  allowedOrigins: string[];
  /** False in assertion tests: inline stub code instead of an esbuild bundle. */
  bundle?: boolean;
}

const pascal = (s: string) => s.replace(/(^|[-_ ]+)([a-z0-9])/gi, (_m, _sep: string, c: string) => c.toUpperCase());

/**
 * Every service's Lambda, its environment and its grants (table, PutEvents,
 * ManageConnections), plus the WebSocket routes of the service that declares `websocket`.
 * The api and events stacks wire these functions to routes and rules.
 */
export class ServicesStack extends Stack {
  readonly functions = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: ServicesStackProps) {
    super(scope, id, props);
    const { realtime, table } = props;

    const busArn = this.formatArn({ service: 'events', resource: 'event-bus', resourceName: props.eventBusName });

    for (const manifest of props.services) {
      const { definition } = manifest;
      if (this.functions.has(definition.name)) throw new Error(`Duplicate service name "${definition.name}" in the registry`);
      const needsSocket = definition.access.managesConnections === true || definition.websocket !== undefined;

      const service = new ServiceFunction(this, pascal(definition.name), {
        manifest,
        bundle: props.bundle,
        environment: {
          TABLE_NAME: table.tableName,
          EVENT_BUS_NAME: props.eventBusName,
          STAGE: 'aws',
          ALLOWED_ORIGINS: props.allowedOrigins.join(','),
          POWERTOOLS_SERVICE_NAME: definition.name,
          POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
          POWERTOOLS_LOG_LEVEL: 'INFO',
          ...(needsSocket ? { WS_MANAGEMENT_ENDPOINT: realtime.managementEndpoint } : {}),
        },
      });
      this.functions.set(definition.name, service);
      const policy = service.role.node.findChild('DefaultPolicy');

      if (definition.access.table === 'readWrite') table.grantReadWriteData(service.function);
      else table.grantReadData(service.function);
      acknowledge(
        policy,
        `AwsSolutions-IAM5[Resource::<${tableLogicalRef(table)}>/index/*]`,
        'Queries on the single table use its GSIs (gsi1..gsi3); the grant covers the indexes of this one table only.',
      );

      if (definition.access.publishesEvents) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['events:PutEvents'], resources: [busArn] }),
        );
      }

      if (definition.access.managesConnections) {
        realtime.stage.grantManagementApiAccess(service.function);
        acknowledge(
          policy,
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${realtimeApiRef(realtime)}>/${realtime.stage.stageName}/*/@connections/*]`,
          'PostToConnection/DeleteConnection target connection ids that only exist at run time; the grant is limited to this API stage.',
        );
      }
    }

    const socketServices = props.services.filter((s) => s.definition.websocket);
    if (socketServices.length > 1) {
      throw new Error(`Only one service may own the WebSocket API (got ${socketServices.map((s) => s.definition.name).join(', ')})`);
    }
    const socketService = socketServices[0];
    if (socketService) {
      const fn = this.functions.get(socketService.definition.name);
      if (!fn) throw new Error('unreachable: WebSocket service function missing');
      const integration = new WebSocketLambdaIntegration('WebSocketIntegration', fn.function);
      for (const routeKey of ['$connect', '$disconnect', '$default']) {
        const route = new apigwv2.WebSocketRoute(this, `WebSocketRoute${pascal(routeKey.slice(1))}`, {
          webSocketApi: realtime.webSocketApi,
          routeKey,
          integration,
        });
        if (routeKey === '$connect') {
          acknowledge(
            route,
            'AwsSolutions-APIG4',
            'Browsers connect anonymously to receive public invalidate frames (services/realtime README); no user data is pushed over the socket.',
          );
        }
      }
    }
  }

  /** The service's function, or a clear error naming the missing service. */
  fn(name: string): ServiceFunction {
    const f = this.functions.get(name);
    if (!f) throw new Error(`No function for service "${name}"`);
    return f;
  }
}

// cdk-nag renders cross-stack references in findings by the exporting resource's logical id.
function tableLogicalRef(table: dynamodb.ITable): string {
  return `${Stack.of(table).getLogicalId(table.node.defaultChild as never)}.Arn`;
}
function realtimeApiRef(realtime: RealtimeStack): string {
  return realtime.getLogicalId(realtime.webSocketApi.node.defaultChild as never);
}
