// The only module that imports aws-amplify: loaded on demand (never on the landing page).
import { Amplify } from 'aws-amplify';
import {
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@sneakers/shared';
import { mapHubEvent, type AuthEvent } from './auth-events';

export interface AuthUser {
  userId: string;
  email: string;
}

let configuredFor: string | null = null;

export function configureAmplify(config: RuntimeConfig): void {
  const key = `${config.cognito.userPoolId}/${config.cognito.userPoolClientId}`;
  if (configuredFor === key) return;
  const { userPoolId, userPoolClientId, endpoint } = config.cognito;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  configuredFor = key;
}

/** Hub 'auth' events as session events. */
export function listenToHub(listener: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    const event = mapHubEvent(payload.event);
    if (event) listener(event);
  });
}

export async function currentUser(): Promise<AuthUser | null> {
  try {
    const user = await getCurrentUser();
    let email = user.signInDetails?.loginId ?? user.username;
    try {
      email = (await fetchUserAttributes()).email ?? email;
    } catch {
      // Attributes are a nicety; the user id is what matters.
    }
    return { userId: user.userId, email };
  } catch {
    return null;
  }
}

export async function accessToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken.toString();
  } catch {
    return undefined;
  }
}

/** Locally cognito-local has no SRP: USER_PASSWORD_AUTH; in AWS Amplify's default (SRP). */
export async function signInWithPassword(
  config: RuntimeConfig,
  email: string,
  password: string,
): Promise<{ isSignedIn: boolean; nextStep: string }> {
  const result = await signIn({
    username: email,
    password,
    ...(config.stage === 'local' ? { options: { authFlowType: 'USER_PASSWORD_AUTH' as const } } : {}),
  });
  return { isSignedIn: result.isSignedIn, nextStep: result.nextStep.signInStep };
}

export interface SignUpAttributes {
  email: string;
  password: string;
  role: string;
  /** Unknown when the account is created on leaving onboarding's first step. */
  businessName?: string;
  language: string;
  currency: string;
}

export async function signUpWithEmail(input: SignUpAttributes): Promise<{ userId?: string }> {
  const result = await signUp({
    username: input.email,
    password: input.password,
    options: {
      userAttributes: {
        email: input.email,
        'custom:role': input.role,
        ...(input.businessName ? { 'custom:business_name': input.businessName } : {}),
        'custom:language': input.language,
        'custom:currency': input.currency,
      },
    },
  });
  return { userId: result.userId };
}

export async function signOutEverywhere(): Promise<void> {
  await signOut();
}
