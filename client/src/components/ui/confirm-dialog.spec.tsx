import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

function Host({ onConfirm, busy = false }: { onConfirm: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        取り下げる
      </button>
      {open ? (
        <ConfirmDialog title="取り下げますか？" message="学習者に表示されなくなります。" confirmLabel="はい、取り下げる" busy={busy} onConfirm={onConfirm} onCancel={() => setOpen(false)} />
      ) : null}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is a named alert dialog shown modal (the browser keeps Tab inside) that starts on キャンセル', () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Host onConfirm={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '取り下げる' }));
    const dialog = screen.getByRole('alertdialog', { name: '取り下げますか？' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('学習者に表示されなくなります。').id);
    const cancel = within(dialog).getByRole('button', { name: 'キャンセル' });
    expect(document.activeElement).toBe(cancel);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('cancels on Escape and gives focus back to the opener; confirms with its button', () => {
    const onConfirm = jest.fn();
    render(<Host onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: '取り下げる' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'はい、取り下げる' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('waits while busy: both buttons disabled, Escape ignored', () => {
    render(<Host onConfirm={jest.fn()} busy />);
    fireEvent.click(screen.getByRole('button', { name: '取り下げる' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getAllByRole('button').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog').getAttribute('aria-modal')).toBe('true');
  });
});
