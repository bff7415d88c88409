/** Try Demo's migration sample (docs/product/migration-tools.md#try-demo): nothing yet. */
export async function seedDemoMigration(): Promise<boolean> {
  return Promise.resolve(false);
}
