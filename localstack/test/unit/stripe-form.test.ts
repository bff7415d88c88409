import { describe, expect, it } from 'vitest';
import { mergeMetadata, parseForm, strings } from '../../src/stripe/form';

/** The stand-in reads parameters exactly as the stripe SDK encodes them (qs-style, indexed arrays). */
describe('Stripe form parameters', () => {
  it('nests brackets, turns indices into arrays and keeps values as strings', () => {
    const params = parseForm(
      'customer=cus_1&items[0][price]=price_a&items[0][quantity]=2&items[1][price]=price_b' +
        '&trial_settings[end_behavior][missing_payment_method]=cancel&expand[0]=latest_invoice&expand[1]=customer' +
        '&metadata[userId]=u%201',
    );
    expect(params).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a', quantity: '2' }, { price: 'price_b' }],
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      expand: ['latest_invoice', 'customer'],
      metadata: { userId: 'u 1' },
    });
  });

  it('accepts `key[]=` pushes and percent-encoded brackets', () => {
    const params = parseForm('lookup_keys%5B%5D=store&lookup_keys%5B%5D=reseller&expand[]=data.customer');
    expect(strings(params, 'lookup_keys')).toEqual(['store', 'reseller']);
    expect(strings(params, 'expand')).toEqual(['data.customer']);
  });

  it('unsets a metadata key with an empty value, and all of it with metadata=', () => {
    expect(mergeMetadata({ a: '1', b: '2' }, parseForm('metadata[a]=&metadata[c]=3'))).toEqual({
      b: '2',
      c: '3',
    });
    expect(mergeMetadata({ a: '1' }, parseForm('metadata='))).toEqual({});
  });

  it('never lets a key reach the object prototype', () => {
    const params = parseForm('__proto__[polluted]=yes&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(params)).toBeNull();
  });
});
