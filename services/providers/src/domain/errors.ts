import { ConflictError, NotFoundError } from '@sneakers/shared/errors';

/** The providers service's refusals, shared by the provider and consignment use cases. */
export const providerNotFound = () => new NotFoundError('Provider not found.', 'PROVIDER_NOT_FOUND');

export const emailTaken = () =>
  new ConflictError('Another provider of yours already has this email.', 'PROVIDER_EMAIL_TAKEN');

/** One answer for a wrong token, a revoked one and an unknown store: nothing to probe. */
export const linkInvalid = () =>
  new NotFoundError('This registration link is not valid.', 'REGISTRATION_LINK_INVALID');

export const hasConsignments = () =>
  new ConflictError(
    'This provider has consignments and cannot be deleted. Reject the provider instead.',
    'PROVIDER_HAS_CONSIGNMENTS',
  );

export const editedConcurrently = () =>
  new ConflictError('The provider changed while saving. Please try again.', 'CONFLICT');

export const consignmentNotFound = () => new NotFoundError('Consignment not found.', 'CONSIGNMENT_NOT_FOUND');

export const providerNotApproved = () =>
  new ConflictError('Consignments can only be recorded for an approved provider.', 'PROVIDER_NOT_APPROVED');

export const notInStock = () =>
  new ConflictError('Only a consignment that is in stock can change.', 'CONSIGNMENT_NOT_IN_STOCK');
