/** `push-settings-changes` → `PushSettingsChanges`: construct ids from registry names. */
export const pascal = (s: string): string =>
  s.replace(/(^|[-_ ./$]+)([a-z0-9])/gi, (_m, _sep: string, c: string) => c.toUpperCase());
