import { ConflictError, NotFoundError } from '@sneakers/shared/errors';

/** The refusals about a provider, shared by the provider, consignment and IBAN use cases. */
export const providerNotFound = () => new NotFoundError('Provider not found.', 'PROVIDER_NOT_FOUND');

export const emailTaken = () =>
  new ConflictError('Another provider of yours already has this email.', 'PROVIDER_EMAIL_TAKEN');

export const hasConsignments = () =>
  new ConflictError(
    'This provider has consignments and cannot be deleted. Reject the provider instead.',
    'PROVIDER_HAS_CONSIGNMENTS',
  );

export const editedConcurrently = () =>
  new ConflictError('The provider changed while saving. Please try again.', 'CONFLICT');
