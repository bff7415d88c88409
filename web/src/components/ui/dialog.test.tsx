import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../test/setup';
import { ConfirmDialog } from '../confirm-dialog';
import { Dialog } from './dialog';
import { Sheet } from './sheet';

/** A dialog opened by state (no Radix Trigger), as every dialog of the app is. */
function Opened({ kind }: { kind: 'dialog' | 'sheet' | 'confirm' }) {
  const [open, setOpen] = useState(false);
  const close = <button onClick={() => setOpen(false)}>Done</button>;
  return (
    <>
      <button data-testid="opener" onClick={() => setOpen(true)}>
        Edit
      </button>
      <button>Elsewhere</button>
      {kind === 'dialog' ? (
        <Dialog open={open} onOpenChange={setOpen} title="Edit item" closeLabel="Close">
          {close}
        </Dialog>
      ) : kind === 'sheet' ? (
        <Sheet open={open} onOpenChange={setOpen} title="Menu" description="Navigation">
          {close}
        </Sheet>
      ) : (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete?"
          description="It goes for good."
          confirmLabel="Delete"
          onConfirm={() => setOpen(false)}
        />
      )}
    </>
  );
}

function open() {
  const opener = screen.getByTestId('opener');
  act(() => opener.focus());
  fireEvent.click(opener);
  return opener;
}

describe('dialogs return focus to the control that opened them', () => {
  it.each(['dialog', 'sheet'] as const)('a %s closed from inside', async (kind) => {
    render(<Opened kind={kind} />);
    const opener = open();
    const done = await screen.findByText('Done');
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByText('Done')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('a dialog closed with Escape', async () => {
    render(<Opened kind="dialog" />);
    const opener = open();
    await screen.findByText('Done');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('Done')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('the confirm dialog, cancelled or confirmed', async () => {
    render(<Opened kind="confirm" />);
    let opener = open();
    fireEvent.click(await screen.findByText('Cancel'));
    await waitFor(() => expect(screen.queryByText('Cancel')).toBeNull());
    expect(document.activeElement).toBe(opener);
    opener = open();
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(screen.queryByText('Cancel')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
