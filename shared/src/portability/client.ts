import type * as z from 'zod/mini';
import {
  portabilityApplyResponse,
  portabilityEraseResponse,
  portabilityExportResponse,
  portabilityKeysResponse,
  portabilityPlanResponse,
  portabilityServiceOf,
  portabilityUndoResponse,
  type EraseService,
  type PortabilityApplyRequest,
  type PortabilityExportRequest,
  type PortabilityKeysRequest,
  type PortabilityPlanRequest,
  type PortabilityService,
  type PortabilityUndoRequest,
} from '../contracts/portability';

/**
 * The typed caller of the owning domains' `<domain>-portability` functions
 * (shared/src/contracts/portability.ts), over any transport: the Lambda Invoke API in the
 * functions (`(service, payload) => invokeFunction(env, service, payload)`), an in-memory
 * stand-in in unit tests. Answers are parsed, so a drifting owner fails loudly here.
 */
export type PortabilityTransport = (service: PortabilityService, payload: unknown) => Promise<unknown>;

type Without<T> = Omit<T, 'op'>;

export interface PortabilityClient {
  keys(request: Without<PortabilityKeysRequest>): Promise<z.infer<typeof portabilityKeysResponse>>;
  apply(request: Without<PortabilityApplyRequest>): Promise<z.infer<typeof portabilityApplyResponse>>;
  plan(request: Without<PortabilityPlanRequest>): Promise<z.infer<typeof portabilityPlanResponse>>;
  undo(request: Without<PortabilityUndoRequest>): Promise<z.infer<typeof portabilityUndoResponse>>;
  export(request: Without<PortabilityExportRequest>): Promise<z.infer<typeof portabilityExportResponse>>;
  /** Erases the user's data in one owning domain (the account deletion calls every service). */
  erase(service: PortabilityService, userId: string): Promise<z.infer<typeof portabilityEraseResponse>>;
}

export function createPortabilityClient(send: PortabilityTransport): PortabilityClient {
  return {
    keys: async (request) =>
      portabilityKeysResponse.parse(
        await send(portabilityServiceOf(request.kind), { op: 'keys', ...request }),
      ),
    apply: async (request) =>
      portabilityApplyResponse.parse(
        await send(portabilityServiceOf(request.kind), { op: 'apply', ...request }),
      ),
    plan: async (request) =>
      portabilityPlanResponse.parse(
        await send(portabilityServiceOf(request.kind), { op: 'plan', ...request }),
      ),
    undo: async (request) =>
      portabilityUndoResponse.parse(
        await send(portabilityServiceOf(request.kind), { op: 'undo', ...request }),
      ),
    export: async (request) =>
      portabilityExportResponse.parse(
        await send(portabilityServiceOf(request.kind), { op: 'export', ...request }),
      ),
    erase: async (service, userId) =>
      portabilityEraseResponse.parse(await send(service, { op: 'erase', userId })),
  };
}

/** The account deletion's caller of `erase` on every ERASE_SERVICES function. */
export interface EraseClient {
  erase(service: EraseService, userId: string): Promise<z.infer<typeof portabilityEraseResponse>>;
}

export function createEraseClient(
  send: (service: EraseService, payload: unknown) => Promise<unknown>,
): EraseClient {
  return {
    erase: async (service, userId) =>
      portabilityEraseResponse.parse(await send(service, { op: 'erase', userId })),
  };
}
