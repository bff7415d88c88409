// The module the i18n-key-counts plugin of web/vite.config.ts generates at build and test time.
declare module 'virtual:i18n-key-counts' {
  /** Leaf translation keys per language code, over every part. */
  const counts: Readonly<Record<string, number>>;
  export default counts;
}
