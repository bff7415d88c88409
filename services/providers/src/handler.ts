import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { providersService } from './service';

export const handler = createLambdaHandler(providersService);
