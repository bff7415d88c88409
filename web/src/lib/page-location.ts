/**
 * Leaving the app for another page: the provider's checkout or portal, a download link, a
 * fresh load of the landing page. Through this one object, so a test replaces its methods
 * (`vi.spyOn(pageLocation, 'assign')`) rather than the browser's own Location, which cannot be
 * redefined where the web tests run (vitest's VM pool, docs/adr/0034).
 */
export const pageLocation = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};
