import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { realtimeService } from './service';

export const handler = createLambdaHandler(realtimeService);
