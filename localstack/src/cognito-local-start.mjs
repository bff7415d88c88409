// Starts cognito-local with what the product uses and it lacks, as AWS behaves:
// - GlobalSignOut and AdminUserGlobalSignOut ("sign out of every device", docs/product/profile-and-settings.md#account-settings):
//   every refresh token of the user stops working;
// - email codes (a new sign-in email's verification code) are emailed through the local SES,
//   to the new address as AWS does, instead of printed on the console.
// A plain Node module: cognito-local runs in its own process, started by localstack/src/cognito.ts.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = require.resolve('cognito-local/lib/bin/start.js').replace(/bin\/start\.js$/, '');
const load = (path) => require(`${root}${path}`);
const jwt = require(require.resolve('jsonwebtoken', { paths: [root] }));
const { Targets } = load('targets/targets.js');
const { NotAuthorizedError } = load('errors.js');
const { ConsoleMessageSender } = load('services/messageDelivery/consoleMessageSender.js');
const { MessagesService } = load('services/messages.js');

const signOutUser = async (ctx, userPool, user) => {
  if (!user) throw new NotAuthorizedError();
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

Targets.GlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const token = jwt.decode(req.AccessToken);
    if (!token || typeof token !== 'object' || !token.client_id || !token.sub) throw new NotAuthorizedError();
    const userPool = await cognito.getUserPoolForClientId(ctx, token.client_id);
    return signOutUser(ctx, userPool, await userPool.getUserByUsername(ctx, token.sub));
  };

Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    return signOutUser(ctx, userPool, await userPool.getUserByUsername(ctx, req.Username));
  };

const sesEndpoint = process.env.COGNITO_LOCAL_SES_ENDPOINT;
const emailFrom = process.env.COGNITO_LOCAL_EMAIL_FROM ?? 'no-reply@verificationemail.com';
if (sesEndpoint) {
  // AWS sends no code for a sign-up the PreSignUp trigger confirmed; cognito-local does.
  const deliver = MessagesService.prototype.deliver;
  MessagesService.prototype.deliver = function (ctx, source, clientId, poolId, user, ...rest) {
    if (source === 'SignUp' && user.UserStatus === 'CONFIRMED') return Promise.resolve();
    return deliver.call(this, ctx, source, clientId, poolId, user, ...rest);
  };
  ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
    // AWS sends an attribute change's code to the new address it verifies.
    const pending = (user.UnverifiedAttributeChanges ?? []).find((a) => a.Name === 'email')?.Value;
    const to = pending ?? destination;
    const subject = message.emailSubject ?? 'Your verification code';
    const text = message.emailMessage ?? `Your verification code is ${message.__code}. `;
    const res = await fetch(`${sesEndpoint}/v2/email/outbound-emails`, {
      method: 'POST',
      // The emulator wants some credentials, not a valid signature.
      headers: {
        'content-type': 'application/json',
        authorization:
          'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-1/ses/aws4_request, Signature=local',
      },
      body: JSON.stringify({
        FromEmailAddress: emailFrom,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
      }),
    });
    if (!res.ok) throw new Error(`Local SES refused the email: HTTP ${res.status}`);
    ctx.logger.info({ to }, 'Sent a verification code through the local SES');
  };
}

load('bin/start.js');
