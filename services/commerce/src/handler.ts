import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { commerceService } from './service';

export const handler = createLambdaHandler(commerceService);
