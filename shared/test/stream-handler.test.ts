import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createLambdaHandler } from '../src/runtime/lambda-handler';
import { defineFunction, streamWants, type StreamHandler, type StreamRecord } from '../src/runtime/function';

const context: Context = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'ledger',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:ledger',
  memoryLimitInMB: '512',
  awsRequestId: 'req-1',
  logGroupName: '/aws/lambda/ledger',
  logStreamName: 'test',
  getRemainingTimeInMillis: () => 1000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};

const event: DynamoDBStreamEvent = {
  Records: [
    {
      eventID: 'ev-1',
      eventName: 'MODIFY',
      dynamodb: {
        SequenceNumber: '100',
        OldImage: { __edb_e__: { S: 'thing' }, n: { N: '1' } },
        NewImage: { __edb_e__: { S: 'thing' }, n: { N: '2' } },
      },
    },
    {
      eventID: 'ev-2',
      eventName: 'REMOVE',
      dynamodb: { SequenceNumber: '101', OldImage: { __edb_e__: { S: 'thing' }, tags: { L: [{ S: 'a' }] } } },
    },
  ],
};

describe('the stream part of the Lambda adapter', () => {
  it('hands over both images and the event id, and reports failed records by sequence number', async () => {
    const seen: StreamRecord[] = [];
    const stream: StreamHandler = {
      entities: ['thing'],
      events: ['MODIFY', 'REMOVE'],
      handle: async (records) => {
        seen.push(...records);
        return [1];
      },
    };
    const handler = createLambdaHandler(
      defineFunction({ name: 'ledger', routes: [], consumers: [], stream, access: { table: 'readWrite' } }),
    );
    expect(await handler(event, context)).toEqual({ batchItemFailures: [{ itemIdentifier: '101' }] });
    expect(seen).toEqual([
      {
        eventName: 'MODIFY',
        eventId: 'ev-1',
        oldImage: { __edb_e__: 'thing', n: 1 },
        newImage: { __edb_e__: 'thing', n: 2 },
      },
      {
        eventName: 'REMOVE',
        eventId: 'ev-2',
        oldImage: { __edb_e__: 'thing', tags: ['a'] },
        newImage: undefined,
      },
    ]);
  });
});

describe('streamWants (the rule the CDK filter states)', () => {
  const outbox: StreamHandler = { entities: ['outbox'], handle: async () => [] };
  const ledger: StreamHandler = {
    entities: ['sale', 'item'],
    events: ['INSERT', 'MODIFY', 'REMOVE'],
    handle: async () => [],
  };

  it.each([
    [outbox, { eventName: 'INSERT', newEntity: 'outbox' }, true],
    [outbox, { eventName: 'MODIFY', newEntity: 'outbox', oldEntity: 'outbox' }, false],
    [outbox, { eventName: 'REMOVE', oldEntity: 'outbox' }, false],
    [outbox, { eventName: 'INSERT', newEntity: 'sale' }, false],
    [ledger, { eventName: 'MODIFY', newEntity: 'item', oldEntity: 'item' }, true],
    [ledger, { eventName: 'REMOVE', oldEntity: 'item' }, true],
    [ledger, { eventName: 'REMOVE', oldEntity: 'outbox' }, false],
    [ledger, { eventName: 'INSERT', newEntity: 'sale' }, true],
    [ledger, { eventName: 'INSERT' }, false],
  ] as const)('%#: %j', (stream, change, wanted) => {
    expect(streamWants(stream, change)).toBe(wanted);
  });
});
