import type { DynamoDBRecord } from 'aws-lambda';
import { runtimeEnv } from './config';
import { invokeFunction } from './invoke';
import {
  dispatchStreamBatch,
  parseStreamTargets,
  STREAM_TARGETS_ENV,
  type DispatchReport,
  type StreamInvoker,
  type StreamTarget,
} from './stream-fanout';

/**
 * The `table-stream` dispatcher's invocation (docs/adr/0029): the stream batch its event
 * source mapping delivers goes to every target through the Lambda Invoke API
 * (RequestResponse, so the batch ends only when every target has answered), and the
 * mapping gets back the earliest failure as `batchItemFailures`.
 */

function isStreamEvent(payload: unknown): payload is { Records: DynamoDBRecord[] } {
  return typeof payload === 'object' && payload !== null && Array.isArray(Reflect.get(payload, 'Records'));
}

/** Invokes a target function through Lambda with the stream event it would have had from its own mapping. */
export const lambdaStreamInvoker: StreamInvoker = async (target, event) => {
  const result = await invokeFunction(runtimeEnv(), target, event);
  if (typeof result !== 'object' || result === null) return undefined;
  const failures: unknown = Reflect.get(result, 'batchItemFailures');
  if (!Array.isArray(failures)) return undefined;
  return {
    batchItemFailures: failures.flatMap((f: unknown) => {
      const id: unknown = typeof f === 'object' && f !== null ? Reflect.get(f, 'itemIdentifier') : undefined;
      return typeof id === 'string' ? [{ itemIdentifier: id }] : [];
    }),
  };
};

export interface StreamDispatcherOptions {
  /** Read from STREAM_TARGETS on the first batch when not given. */
  targets?: readonly StreamTarget[];
  invoke?: StreamInvoker;
  /** Told about each batch that had a failure (the function's logger). */
  onFailure?: (report: DispatchReport) => void;
}

/** The dispatcher's `invoke`: a DynamoDB stream event in, Lambda's partial batch response out. */
export function createStreamDispatcher(options: StreamDispatcherOptions = {}) {
  let targets = options.targets;
  const invoke = options.invoke ?? lambdaStreamInvoker;
  return async (payload: unknown): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> => {
    if (!isStreamEvent(payload)) throw new Error('table-stream expects a DynamoDB stream event');
    targets ??= parseStreamTargets(process.env[STREAM_TARGETS_ENV]);
    const report = await dispatchStreamBatch(targets, payload.Records, invoke);
    if (report.batchItemFailures.length > 0) options.onFailure?.(report);
    return { batchItemFailures: report.batchItemFailures };
  };
}
