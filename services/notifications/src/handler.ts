import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { notificationsService } from './service';

export const handler = createLambdaHandler(notificationsService);
