import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { defineFunction, type StreamEventName } from '../src/runtime/function';
import { createStreamDispatcher } from '../src/runtime/stream-dispatcher';
import {
  dispatcherRules,
  dispatchStreamBatch,
  earliestFailure,
  parseStreamTargets,
  routeRecords,
  serializeStreamTargets,
  streamTargetsOf,
  type StreamInvoker,
  type StreamTarget,
} from '../src/runtime/stream-fanout';

const outbox: StreamTarget = { name: 'outbox', entities: ['outbox'], events: ['INSERT'] };
const ledger: StreamTarget = {
  name: 'ledger',
  entities: ['sale', 'item'],
  events: ['INSERT', 'MODIFY', 'REMOVE'],
};
const projection: StreamTarget = {
  name: 'projection',
  entities: ['item', 'setup'],
  events: ['INSERT', 'MODIFY', 'REMOVE'],
};
const targets = [outbox, ledger, projection];

function rec(seq: string, eventName: StreamEventName, entity: string): DynamoDBRecord {
  const image = { __edb_e__: { S: entity }, pk: { S: `pk#${seq}` } };
  return {
    eventID: `id-${seq}`,
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      SequenceNumber: seq,
      ...(eventName === 'REMOVE' ? { OldImage: image } : { NewImage: image }),
      ...(eventName === 'MODIFY' ? { OldImage: image } : {}),
    },
  };
}

const names = (records: DynamoDBRecord[]) => records.map((r) => r.dynamodb?.SequenceNumber);

describe('routing a stream batch to its targets (docs/adr/0029)', () => {
  const batch = [
    rec('100', 'INSERT', 'outbox'),
    rec('101', 'MODIFY', 'item'),
    rec('102', 'REMOVE', 'outbox'), // an outbox row's TTL expiry: no one wants it
    rec('103', 'INSERT', 'sale'),
    rec('104', 'REMOVE', 'setup'),
    rec('105', 'MODIFY', 'outbox'),
  ];

  it('hands each target the records its filter wants, in the batch order, and skips targets that want none', () => {
    const routed = routeRecords(targets, batch);
    expect(routed.map((b) => ({ target: b.target, records: names(b.records) }))).toEqual([
      { target: 'outbox', records: ['100'] },
      { target: 'ledger', records: ['101', '103'] },
      { target: 'projection', records: ['101', '104'] },
    ]);
    expect(routeRecords(targets, [rec('200', 'REMOVE', 'outbox')])).toEqual([]);
    // The records go as they came: every handler's code sees the event its own mapping gave it.
    expect(routed[0]?.records[0]).toBe(batch[0]);
  });

  it('reports the earliest failing record across targets, not each target’s own', () => {
    const routed = routeRecords(targets, batch);
    expect(
      earliestFailure(batch, routed, [
        { target: 'outbox', failed: [] },
        { target: 'ledger', failed: ['103'] },
        { target: 'projection', failed: ['104', '101'] },
      ]),
    ).toEqual([{ itemIdentifier: '101' }]);
    expect(
      earliestFailure(batch, routed, [
        { target: 'outbox', failed: [] },
        { target: 'ledger', failed: [] },
      ]),
    ).toEqual([]);
  });

  it('counts a target that failed whole (threw, timed out) as failing at its first record', () => {
    const routed = routeRecords(targets, batch);
    expect(
      earliestFailure(batch, routed, [
        { target: 'outbox', failed: [] },
        { target: 'ledger', failed: ['103'] },
        { target: 'projection', error: new Error('timed out') },
      ]),
    ).toEqual([{ itemIdentifier: '101' }]);
  });

  it('fails the batch from its start for an identifier no record carries', () => {
    const routed = routeRecords(targets, batch);
    expect(earliestFailure(batch, routed, [{ target: 'ledger', failed: ['999'] }])).toEqual([
      { itemIdentifier: '100' },
    ]);
  });

  it('invokes the targets in parallel, each with its sub-batch, and merges their answers', async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const invoke: StreamInvoker = async (target, event) => {
      started.push(`${target}:${names(event.Records).join(',')}`);
      // Every target is started before any answers: none waits for another.
      await new Promise<void>((resolve) => release.push(resolve));
      if (target === 'projection') return { batchItemFailures: [{ itemIdentifier: '104' }] };
      if (target === 'outbox') throw new Error('PutEvents failed');
      return { batchItemFailures: [] };
    };
    const running = dispatchStreamBatch(targets, batch, invoke);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['outbox:100', 'ledger:101,103', 'projection:101,104']);
    for (const go of release) go();
    const report = await running;
    expect(report.batchItemFailures).toEqual([{ itemIdentifier: '100' }]);
    expect(report.targets).toEqual([
      { target: 'outbox', records: 1, failed: 1, error: 'PutEvents failed' },
      { target: 'ledger', records: 2, failed: 0 },
      { target: 'projection', records: 2, failed: 1 },
    ]);
  });

  it('answers an empty batch without invoking anyone', async () => {
    const invoke: StreamInvoker = () => Promise.reject(new Error('must not be called'));
    const report = await dispatchStreamBatch(targets, [rec('300', 'REMOVE', 'outbox')], invoke);
    expect(report).toEqual({ batchItemFailures: [], targets: [] });
  });
});

describe("the dispatcher's mapping filters and its targets' declaration", () => {
  it('groups the targets by the changes they want, one rule for REMOVEs, so a record passes only if some target wants it', () => {
    expect(dispatcherRules(targets)).toEqual([
      { entities: ['outbox'], events: ['INSERT'] },
      { entities: ['sale', 'item', 'setup'], events: ['INSERT', 'MODIFY'] },
      { entities: ['sale', 'item', 'setup'], events: ['REMOVE'] },
    ]);
    expect(dispatcherRules([])).toEqual([]);
  });

  it('reads the targets from the registry and back from the environment', () => {
    const handler = { entities: ['outbox'], handle: () => Promise.resolve([]) };
    const definitions = [
      defineFunction({ name: 'a', routes: [], consumers: [], access: { table: 'none' } }),
      defineFunction({
        name: 'outbox',
        routes: [],
        consumers: [],
        stream: handler,
        access: { table: 'read' },
      }),
    ];
    const declared = streamTargetsOf(definitions);
    expect(declared).toEqual([{ name: 'outbox', entities: ['outbox'], events: ['INSERT'] }]);
    expect(parseStreamTargets(serializeStreamTargets(declared))).toEqual(declared);
    expect(() => parseStreamTargets(undefined)).toThrow(/STREAM_TARGETS/);
    expect(() => parseStreamTargets('[{"name":"x","entities":[],"events":["INSERT"]}]')).toThrow();
  });

  it('the dispatcher refuses an event that is not a stream batch and answers the earliest failure', async () => {
    const dispatch = createStreamDispatcher({
      targets,
      invoke: (target) =>
        Promise.resolve(target === 'ledger' ? { batchItemFailures: [{ itemIdentifier: '2' }] } : {}),
    });
    await expect(dispatch({ detail: {} })).rejects.toThrow(/DynamoDB stream event/);
    await expect(
      dispatch({ Records: [rec('1', 'INSERT', 'outbox'), rec('2', 'INSERT', 'sale')] }),
    ).resolves.toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
  });
});
