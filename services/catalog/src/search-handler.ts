import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { catalogSearchService } from './search-service';

export const handler = createLambdaHandler(catalogSearchService);
