// What to tell a person when sign-up or sign-in fails (identity provider and API errors).
export { isEmailTaken, passwordRefusal, preSignUpMessage, providerMessage } from './model/errors';
