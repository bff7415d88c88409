import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { commerceOverviewService } from './overview-service';

export const handler = createLambdaHandler(commerceOverviewService);
