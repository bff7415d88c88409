import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { cloud } from './cloud-client';

/** The local cloud's table, for the rows a test writes or reads below the routes. */
export const table = LOCAL_NAMES.table;

export const db = () =>
  createDocumentClient({ AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: cloud().dynamodbUrl });
