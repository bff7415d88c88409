import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { profilesService } from './service';

export const handler = createLambdaHandler(profilesService);
