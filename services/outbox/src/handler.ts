import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { outboxService } from './service';

export const handler = createLambdaHandler(outboxService);
