import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { messagingService } from './service';

export const handler = createLambdaHandler(messagingService);
