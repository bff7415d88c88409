import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { catalogService } from './service';

export const handler = createLambdaHandler(catalogService);
