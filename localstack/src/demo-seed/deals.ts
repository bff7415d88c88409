/**
 * Try Demo's deals: the matcher builds the demo board from the demo users' items on the
 * stream, so there is nothing of its own to seed here yet (the deals-around work replaces
 * this body with the demo partners' matching items). Answers whether it wrote anything.
 */
export async function seedDemoDeals(): Promise<boolean> {
  return Promise.resolve(false);
}
