export function SharedOrderPage() {
  return null;
}
