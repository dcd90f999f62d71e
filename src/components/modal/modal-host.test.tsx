import '@/testing/dialog-polyfill';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModalBodyProps, ModalBodyRegistry } from './modal-host';
import { ModalHost } from './modal-host';
import type { OpenModalOptions } from '@/stores/modal-store';
import { modalBodyTypes, useModalActions, useModalIsOpen, useModalTitle } from '@/stores/modal-store';

function EchoBody({ extraObject, closeModal }: ModalBodyProps) {
  return (
    <div>
      <p>Body for {String((extraObject as { name?: string } | null)?.name)}</p>
      <button type="button" onClick={closeModal}>
        Done
      </button>
    </div>
  );
}

const bodies: ModalBodyRegistry = { [modalBodyTypes.helpAndSupport]: EchoBody };

function Opener({ options }: { options: OpenModalOptions }) {
  const { openModal } = useModalActions();
  const isOpen = useModalIsOpen();
  const title = useModalTitle();
  return (
    <>
      <button type="button" onClick={() => openModal(options)}>
        Open
      </button>
      <output aria-label="modal state">{isOpen ? `open: ${title}` : 'closed'}</output>
    </>
  );
}

function renderModal(options: Partial<OpenModalOptions> = {}) {
  const user = userEvent.setup();
  const view = render(
    <>
      <Opener
        options={{
          title: 'Athlete details',
          bodyType: modalBodyTypes.helpAndSupport,
          extraObject: { name: 'Jamie' },
          ...options,
        }}
      />
      <ModalHost bodies={bodies} />
    </>,
  );
  return { user, ...view };
}

describe('generic modal (spec 3, 4)', () => {
  afterEach(() => {
    // The store outlives a test; start the next one closed.
    const { unmount } = render(<ModalHost bodies={bodies} />);
    unmount();
  });

  it('opens as a dialog named by its title, with the chosen body and its extraObject', async () => {
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = await screen.findByRole('dialog', { name: 'Athlete details' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByText('Body for Jamie')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape, resets its fields and gives focus back to the opener', async () => {
    const { user } = renderModal();
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Athlete details' });

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'modal state' })).toHaveTextContent('closed');
    expect(opener).toHaveFocus();
  });

  it('closes with its close button and from the body', async () => {
    const { user } = renderModal();
    const opener = screen.getByRole('button', { name: 'Open' });

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'modal state' })).toHaveTextContent('closed');
  });

  it('closes when the dimmed backdrop is clicked', async () => {
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can hide its close button (the body then decides how it closes)', async () => {
    const { user } = renderModal({ hideCloseButton: true });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Athlete details' });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.click(dialog);
    expect(dialog).toHaveAttribute('open');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sizes md by default and as asked otherwise', async () => {
    const { user, unmount } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog')).toHaveClass('sm:max-w-lg');
    unmount();

    const second = renderModal({ size: 'xl' });
    await second.user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog')).toHaveClass('sm:max-w-4xl');
  });

  it('closes when the layout that holds it goes away (sign-out)', async () => {
    const { user, unmount } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    act(() => unmount());

    render(<Opener options={{ title: 'x', bodyType: modalBodyTypes.helpAndSupport }} />);
    expect(screen.getByRole('status', { name: 'modal state' })).toHaveTextContent('closed');
  });
});
