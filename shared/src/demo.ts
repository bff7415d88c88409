/** The demo store (docs/product/demo-mode.md#demo-constants; its shorter offer expiry: docs/product/offers.md#expiry). */
export const DEMO = {
  userId: 'demo-store',
  email: 'demo@demo-store.example',
  businessName: 'Demo Sneaker Store',
  role: 'store',
  offerExpiryDays: 5,
  trialDays: 14,
} as const;
