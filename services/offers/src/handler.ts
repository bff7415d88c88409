import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { offersService } from './service';

export const handler = createLambdaHandler(offersService);
