import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { catalogIngestService } from './ingest-service';

export const handler = createLambdaHandler(catalogIngestService);
