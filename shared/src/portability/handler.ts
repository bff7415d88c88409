import type * as z from 'zod/mini';
import {
  portabilityEraseRequest,
  portabilityRequestSchema,
  type portabilityApplyResponse,
  type portabilityPlanResponse,
  type portabilityEraseResponse,
  type portabilityExportResponse,
  type portabilityKeysResponse,
  type portabilityUndoResponse,
  type PortabilityApplyRequest,
  type PortabilityEraseRequest,
  type PortabilityExportRequest,
  type PortabilityKeysRequest,
  type PortabilityPlanRequest,
  type PortabilityUndoRequest,
} from '../contracts/portability';

/**
 * An owning domain's side of the portability protocol (shared/src/contracts/portability.ts):
 * its `<domain>-portability` function's `invoke` is `createPortabilityHandler(ops)`, which
 * checks the request and calls the operation. A kind the domain does not own is a caller's
 * bug: the domain's operations throw on it.
 */
export interface PortabilityOperations {
  keys(request: PortabilityKeysRequest): Promise<z.infer<typeof portabilityKeysResponse>>;
  apply(request: PortabilityApplyRequest): Promise<z.infer<typeof portabilityApplyResponse>>;
  /** `apply` without writing (the dry run): the same checks and outcomes. */
  plan(request: PortabilityPlanRequest): Promise<z.infer<typeof portabilityPlanResponse>>;
  undo(request: PortabilityUndoRequest): Promise<z.infer<typeof portabilityUndoResponse>>;
  export(request: PortabilityExportRequest): Promise<z.infer<typeof portabilityExportResponse>>;
  erase(request: PortabilityEraseRequest): Promise<z.infer<typeof portabilityEraseResponse>>;
}

export function createPortabilityHandler(ops: () => PortabilityOperations) {
  return async (payload: unknown): Promise<unknown> => {
    const request = portabilityRequestSchema.parse(payload);
    switch (request.op) {
      case 'keys':
        return ops().keys(request);
      case 'apply':
        return ops().apply(request);
      case 'plan':
        return ops().plan(request);
      case 'undo':
        return ops().undo(request);
      case 'export':
        return ops().export(request);
      case 'erase':
        return ops().erase(request);
    }
  };
}

/**
 * The `<domain>-portability` function of a domain that owns no portable kind
 * (ERASE_ONLY_SERVICES): it answers `erase` only, and any other operation fails the parse (a
 * caller's bug, loudly).
 */
export function createEraseHandler(erase: () => PortabilityOperations['erase']) {
  return async (payload: unknown): Promise<unknown> => erase()(portabilityEraseRequest.parse(payload));
}
