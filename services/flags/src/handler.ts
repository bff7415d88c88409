import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { flagsService } from './service';

export const handler = createLambdaHandler(flagsService);
