import type { StreamHandler } from '@sneakers/shared/runtime/service';

export const ledgerStream: StreamHandler = { entities: [], handle: async () => [] };
