import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { adminService } from './service';

export const handler = createLambdaHandler(adminService);
