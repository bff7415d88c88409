/** The calendar could not be fetched or read; the message is shown on the scraper page. */
export class ReleaseSourceError extends Error {
  override name = 'ReleaseSourceError';
}
