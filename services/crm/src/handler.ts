import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { crmService } from './service';

export const handler = createLambdaHandler(crmService);
