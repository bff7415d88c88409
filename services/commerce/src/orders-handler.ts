import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { commerceOrdersService } from './orders-service';

export const handler = createLambdaHandler(commerceOrdersService);
