export function AddOrderPage() {
  return null;
}
