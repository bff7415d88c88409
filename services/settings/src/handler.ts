import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { settingsService } from './service';

export const handler = createLambdaHandler(settingsService);
