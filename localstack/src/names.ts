/** Resource names of the local stage (the CDK app names the AWS ones). */
export const LOCAL_NAMES = {
  table: 'sneakers-local',
  eventBus: 'sneakers-local',
  userPool: 'sneakers-local',
  uploadsBucket: 'sneakers-uploads-local',
  region: 'eu-west-1',
  emailFrom: 'no-reply@sneakers.local',
} as const;

/** The local superuser the seed creates, for changing site settings while developing. */
export const LOCAL_ADMIN = {
  email: process.env.LOCAL_ADMIN_EMAIL ?? 'admin@sneakers.local',
  password: process.env.LOCAL_ADMIN_PASSWORD ?? 'admin-password',
} as const;
