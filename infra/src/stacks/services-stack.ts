import { Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '@sneakers/shared/table/definition';
import type { ServiceAccess } from '@sneakers/shared/runtime/service';
import type { ServiceManifest } from '../../../services/registry';
import { ServiceFunction } from '../constructs/service-function';
import { pascal } from '../naming';
import { acknowledge, acknowledgeWildcardResource } from '../nag';
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

/** Item-level actions only: no Scan anywhere (DESIGN 1), no table management. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/** The table and each GSI named in TABLE_KEYS (no `index/*` wildcard). */
export function tableAccessStatement(
  table: dynamodb.ITable,
  access: ServiceAccess['table'],
): iam.PolicyStatement {
  return new iam.PolicyStatement({
    actions: access === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
    resources: [table.tableArn, ...TABLE_KEYS.indexes.map((i) => `${table.tableArn}/index/${i.name}`)],
  });
}

const WEBSOCKET_ROUTES = ['$connect', '$disconnect', '$default'] as const;

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

    // The WebSocket API through its explicit export: one-way dependency on the realtime stack.
    this.addStackDependency(realtime);
    const webSocketApiId = Fn.importValue(realtime.apiIdExportName);
    const wsStage = realtime.stage.stageName;
    const managementEndpoint = `https://${webSocketApiId}.execute-api.${this.region}.${this.urlSuffix}/${wsStage}`;
    const connectionsArn = this.formatArn({
      service: 'execute-api',
      resource: webSocketApiId,
      resourceName: `${wsStage}/POST/@connections/*`,
    });
    const busArn = this.formatArn({
      service: 'events',
      resource: 'event-bus',
      resourceName: props.eventBusName,
    });

    for (const manifest of props.services) {
      const { definition } = manifest;
      if (this.functions.has(definition.name))
        throw new Error(`Duplicate service name "${definition.name}" in the registry`);
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
          ...(needsSocket ? { WS_MANAGEMENT_ENDPOINT: managementEndpoint } : {}),
        },
      });
      this.functions.set(definition.name, service);

      service.role.addToPrincipalPolicy(tableAccessStatement(table, definition.access.table));
      if (definition.access.publishesEvents) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['events:PutEvents'], resources: [busArn] }),
        );
      }
      if (definition.access.managesConnections) {
        service.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: ['execute-api:ManageConnections'],
            resources: [connectionsArn],
          }),
        );
        acknowledgeWildcardResource(
          service.role.node.findChild('DefaultPolicy'),
          connectionsArn,
          'PostToConnection targets connection ids that only exist at run time; the grant is limited to POST on this API stage.',
        );
      }
    }

    const socketServices = props.services.filter((s) => s.definition.websocket);
    if (socketServices.length > 1) {
      throw new Error(
        `Only one service may own the WebSocket API (got ${socketServices.map((s) => s.definition.name).join(', ')})`,
      );
    }
    const socketService = socketServices[0];
    if (socketService) {
      const webSocketApi = apigwv2.WebSocketApi.fromWebSocketApiAttributes(this, 'WebSocketApi', {
        webSocketId: webSocketApiId,
        apiEndpoint: `wss://${webSocketApiId}.execute-api.${this.region}.${this.urlSuffix}`,
      });
      const integration = new WebSocketLambdaIntegration(
        'WebSocketIntegration',
        this.fn(socketService.definition.name).function,
      );
      for (const routeKey of WEBSOCKET_ROUTES) {
        const route = new apigwv2.WebSocketRoute(this, `WebSocketRoute${pascal(routeKey.slice(1))}`, {
          webSocketApi,
          routeKey,
          integration,
        });
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          routeKey === '$connect'
            ? 'Browsers connect anonymously to receive public invalidate frames (services/realtime README); no user data is pushed over the socket.'
            : 'API Gateway only runs WebSocket authorizers on $connect; this route belongs to an already accepted connection.',
        );
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
