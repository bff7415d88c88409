import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../../test/setup';
import { loadStrings } from '../../../i18n';
import { createRuntime, RuntimeProvider } from '../../../lib/api';
import { testConfig } from '../../../test/render-app';
import { publicItem, publicOwner } from '../../../test/public-list-fixtures';
import { publicListStrings } from '../i18n/strings';
import { newOfferForm, type OfferForm } from '../model/offer';
import { contactFrom } from './use-offer-flow';
import { OfferModal } from './offer-modal';

await loadStrings(publicListStrings);

/** The list page holds the draft (use-offer-flow); here a plain state does. */
function ModalWithDraft() {
  const [form, setForm] = useState<OfferForm>(() => newOfferForm(contactFrom(null)));
  return (
    <OfferModal
      open
      onOpenChange={() => undefined}
      form={form}
      onFormChange={(change) => setForm(change)}
      onStep={(step) => setForm((f) => ({ ...f, step }))}
      owner={publicOwner()}
      listType="wtb"
      selections={[{ item: publicItem(), size: '42' }]}
      onRemove={() => undefined}
      viewer={null}
      onSent={() => undefined}
    />
  );
}

function renderContactStep() {
  render(
    <RuntimeProvider runtime={createRuntime(testConfig, () => undefined, vi.fn())}>
      <ModalWithDraft />
    </RuntimeProvider>,
  );
  fireEvent.click(screen.getByTestId('offer-next'));
}

describe('offer modal, contact step', () => {
  it('says once that Instagram or Discord is needed, and only while both are empty', () => {
    renderContactStep();
    expect(screen.getAllByText('Instagram or Discord is required')).toHaveLength(1);
    const hint = screen.getByTestId('offer-social-hint');
    for (const field of ['instagram', 'discord'])
      expect(screen.getByTestId(`offer-contact-${field}`).getAttribute('aria-describedby')).toBe(hint.id);

    fireEvent.change(screen.getByTestId('offer-contact-instagram'), { target: { value: '@kicks' } });
    expect(screen.queryByText('Instagram or Discord is required')).toBeNull();
    expect(screen.getByTestId('offer-contact-discord').getAttribute('aria-describedby')).toBeNull();
  });
});
