import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { commerceFulfilmentService } from './fulfilment-service';

export const handler = createLambdaHandler(commerceFulfilmentService);
