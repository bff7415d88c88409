import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { localClientConfig, type RuntimeEnv } from '../runtime/config';
import type { Mailer } from './mailer';

/** SES v2 SendEmail from EMAIL_FROM; locally aws-ses-v2-local at SES_ENDPOINT. */
export function createSesMailer(env: Pick<RuntimeEnv, 'AWS_REGION' | 'SES_ENDPOINT' | 'EMAIL_FROM'>): Mailer {
  const from = env.EMAIL_FROM;
  if (!from) throw new Error('EMAIL_FROM is not set');
  const client = new SESv2Client({
    region: env.AWS_REGION,
    maxAttempts: 3,
    ...localClientConfig(env.SES_ENDPOINT),
  });
  return {
    async send(email) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [email.to] },
          Content: {
            Simple: {
              Subject: { Data: email.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: email.text, Charset: 'UTF-8' },
                Html: { Data: email.html, Charset: 'UTF-8' },
              },
              ...(email.headers?.length
                ? { Headers: email.headers.map(({ name, value }) => ({ Name: name, Value: value })) }
                : {}),
            },
          },
        }),
      );
    },
  };
}
