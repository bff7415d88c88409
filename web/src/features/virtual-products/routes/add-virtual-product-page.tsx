export function AddVirtualProductPage() {
  return null;
}
