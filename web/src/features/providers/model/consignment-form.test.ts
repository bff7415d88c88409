import { describe, expect, it } from 'vitest';
import { emptyConsignmentDraft, parseAmount, validateConsignmentDraft } from './consignment-form';

describe('consignment form', () => {
  it('parses amounts in major units to integer cents', () => {
    expect(parseAmount('120.5')).toBe(12050);
    expect(parseAmount('120,50')).toBe(12050);
    expect(parseAmount('0')).toBe(0);
    for (const bad of ['', ' ', '-1', '1.234', 'abc', '1e3', '99999999999'])
      expect(parseAmount(bad)).toBeUndefined();
  });

  it('requires SKU, name, size and price, trims and leaves empty notes out', () => {
    expect(validateConsignmentDraft(emptyConsignmentDraft()).errors).toEqual({
      itemSku: 'providers.consignments.form.errors.sku',
      itemName: 'providers.consignments.form.errors.name',
      size: 'providers.consignments.form.errors.size',
      price: 'providers.consignments.form.errors.price',
    });
    const draft = {
      itemSku: ' A1 ',
      itemName: ' Jordan ',
      itemBrand: ' ',
      size: '42',
      price: '99.9',
      notes: '  ',
    };
    expect(validateConsignmentDraft(draft, 'EUR').payload).toEqual({
      itemSku: 'A1',
      itemName: 'Jordan',
      size: '42',
      price: 9990,
      currency: 'EUR',
    });
  });

  it('keeps a catalogue pick: the product, its size and its brand', () => {
    const draft = {
      ...emptyConsignmentDraft(),
      itemSku: 'DZ5485-612',
      itemName: 'Air Jordan 1 Chicago',
      itemBrand: 'Jordan',
      size: '42',
      price: '120',
    };
    const pick = {
      productCatalogId: 'prod-1',
      productVariantId: 'var-42',
      colorway: 'Varsity Red',
      imageUrl: 'https://img.example/aj1.png',
    };
    expect(validateConsignmentDraft(draft, undefined, pick).payload).toEqual({
      itemSku: 'DZ5485-612',
      itemName: 'Air Jordan 1 Chicago',
      itemBrand: 'Jordan',
      size: '42',
      price: 12000,
      productCatalogId: 'prod-1',
      productVariantId: 'var-42',
      itemColorway: 'Varsity Red',
      itemImageUrl: 'https://img.example/aj1.png',
    });
  });
});
