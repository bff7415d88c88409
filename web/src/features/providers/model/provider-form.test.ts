import { describe, expect, it } from 'vitest';
import type { Provider } from '@sneakers/shared';
import {
  draftFromProvider,
  emptyProviderDraft,
  ibanEdit,
  newestFirst,
  registrationUrl,
  toProviderUpdate,
  validateProviderDraft,
} from './provider-form';

describe('provider form model', () => {
  it('requires full name and email and checks the IBAN', () => {
    expect(validateProviderDraft(emptyProviderDraft()).errors).toEqual({
      name: 'providers.form.errors.name',
      email: 'providers.form.errors.email',
    });
    const bad = validateProviderDraft({ ...emptyProviderDraft(), name: 'A', email: 'a@b.co', iban: 'ES00' });
    expect(bad.errors).toEqual({ iban: 'providers.form.errors.iban' });
    const ok = validateProviderDraft({
      ...emptyProviderDraft(),
      name: ' A ',
      email: 'a@b.co',
      phone: '  ',
      iban: 'es91 2100 0418 4502 0005 1332',
    });
    expect(ok.payload).toEqual({ name: 'A', email: 'a@b.co', iban: 'ES9121000418450200051332' });
  });

  it('sends the IBAN on update only when typed and clears emptied fields', () => {
    expect(toProviderUpdate({ name: 'A', email: 'a@b.co' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      phone: null,
      alias: null,
      dni: null,
    });
    expect(toProviderUpdate({ name: 'A', email: 'a@b.co', iban: 'X' }).iban).toBe('X');
    expect(toProviderUpdate({ name: 'A', email: 'a@b.co', iban: 'X' }, 'keep')).not.toHaveProperty('iban');
    expect(toProviderUpdate({ name: 'A', email: 'a@b.co' }, 'remove').iban).toBeNull();
  });

  it('keeps the IBAN left masked or as revealed, removes a cleared one, replaces a typed one', () => {
    const masked = { ibanMasked: '•••• 1332' };
    const full = 'ES9121000418450200051332';
    expect(ibanEdit('•••• 1332', masked, null)).toBe('keep');
    expect(ibanEdit('ES91 2100 0418 4502 0005 1332', masked, full)).toBe('keep');
    expect(ibanEdit('', masked, null)).toBe('remove');
    expect(ibanEdit('  ', masked, full)).toBe('remove');
    expect(ibanEdit('GB82 WEST 1234 5698 7654 32', masked, full)).toBe('replace');
    expect(ibanEdit('•••• 133', masked, null)).toBe('replace');
    expect(ibanEdit('', { ibanMasked: null }, null)).toBe('keep');
  });

  it('prefills the IBAN only masked, builds the link and sorts newest first', () => {
    const p: Provider = {
      id: 'p',
      name: 'N',
      email: 'e@x.co',
      phone: null,
      alias: null,
      dni: null,
      ibanMasked: '•••• 1332',
      status: 'pending',
      source: 'manual',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(draftFromProvider(p).iban).toBe('•••• 1332');
    expect(draftFromProvider({ ...p, ibanMasked: null }).iban).toBe('');
    expect(registrationUrl('u 1', 'tok', 'https://x.test')).toBe(
      'https://x.test/provider-registration/u%201/tok',
    );
    const later = { ...p, id: 'q', createdAt: '2026-02-01T00:00:00Z' };
    expect(newestFirst([p, later]).map((x) => x.id)).toEqual(['q', 'p']);
  });
});
