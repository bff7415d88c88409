/**
 * Try Demo's storefront: the demo store's storefront set-up and sample products, written through
 * the domain's own routes (see README.md in this folder). Skipped when already seeded.
 */
export async function seedDemoStorefront(): Promise<boolean> {
  return false;
}
