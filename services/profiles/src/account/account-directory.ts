import {
  ChangePasswordCommand,
  GlobalSignOutCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  BadRequestError,
  ConflictError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from '@sneakers/shared/errors';
import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import { errorName, poolClient } from '../password-reset/user-directory';
import type { AccountDirectory } from './ports';

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';
export const WRONG_CODE_MESSAGE = 'This code is not valid or has expired. Ask for a new one.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

const invalid = (field: string, message: string) =>
  new ValidationError('Some fields are not valid.', { [field]: [message] });

/** What every call answers the same: a revoked or expired token, and throttling. */
function common(error: unknown): never {
  const name = errorName(error);
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') throw new RateLimitedError();
  if (name === 'NotAuthorizedException') throw new UnauthenticatedError();
  throw error;
}

/** Cognito's user APIs with the caller's access token (ChangePassword, UpdateUserAttributes, ...). */
export function createAccountDirectory(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'COGNITO_ENDPOINT'>,
): AccountDirectory {
  const client = poolClient(env);
  return {
    async changePassword(accessToken, currentPassword, newPassword) {
      try {
        await client.send(
          new ChangePasswordCommand({
            AccessToken: accessToken,
            PreviousPassword: currentPassword,
            ProposedPassword: newPassword,
          }),
        );
      } catch (error) {
        const name = errorName(error);
        const message = (error as Error).message ?? '';
        // AWS answers a wrong current password with NotAuthorized 'Incorrect username or
        // password.'; cognito-local with InvalidPassword 'Invalid password'. A new password the
        // policy refuses is InvalidPassword 'Password did not conform with policy: …'.
        if (name === 'InvalidPasswordException' && /policy|conform/i.test(message))
          throw invalid('newPassword', message);
        // A well-formed request with the wrong secret: its own code, not a validation failure.
        if (
          name === 'InvalidPasswordException' ||
          (name === 'NotAuthorizedException' && /incorrect username or password/i.test(message))
        )
          throw new BadRequestError('WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE);
        common(error);
      }
    },
    async requestEmailChange(accessToken, email) {
      try {
        const out = await client.send(
          new UpdateUserAttributesCommand({
            AccessToken: accessToken,
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        );
        return { verificationRequired: (out.CodeDeliveryDetailsList ?? []).length > 0 };
      } catch (error) {
        const name = errorName(error);
        if (name === 'AliasExistsException' || name === 'UsernameExistsException')
          throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
        if (name === 'InvalidParameterException') throw invalid('email', (error as Error).message);
        common(error);
      }
    },
    async verifyEmail(accessToken, code) {
      try {
        await client.send(
          new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }),
        );
      } catch (error) {
        const name = errorName(error);
        if (name === 'CodeMismatchException' || name === 'ExpiredCodeException')
          throw new BadRequestError('INVALID_CODE', WRONG_CODE_MESSAGE);
        if (name === 'AliasExistsException') throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
        common(error);
      }
    },
    async signOutEverywhere(accessToken) {
      try {
        await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
      } catch (error) {
        common(error);
      }
    },
  };
}
