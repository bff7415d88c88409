import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { catalogFetcherService } from './service';

export const handler = createInvokeHandler(catalogFetcherService);
