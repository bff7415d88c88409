import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { listsService } from './service';

export const handler = createLambdaHandler(listsService);
