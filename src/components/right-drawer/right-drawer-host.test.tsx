import '@/testing/dialog-polyfill';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RightDrawerBodyProps, RightDrawerBodyRegistry } from './right-drawer-host';
import { RightDrawerHost } from './right-drawer-host';
import {
  rightDrawerBodyTypes,
  useRightDrawerActions,
  useRightDrawerIsOpen,
} from '@/stores/right-drawer-store';

function ListBody({ extraObject }: RightDrawerBodyProps) {
  return <p>Showing {String((extraObject as { filter?: string } | null)?.filter)}</p>;
}

const bodies: RightDrawerBodyRegistry = { [rightDrawerBodyTypes.notifications]: ListBody };

function Opener() {
  const { openRightDrawer } = useRightDrawerActions();
  const isOpen = useRightDrawerIsOpen();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          openRightDrawer({
            header: 'Notifications',
            bodyType: rightDrawerBodyTypes.notifications,
            extraObject: { filter: 'unread' },
          })
        }
      >
        Open drawer
      </button>
      <output aria-label="drawer state">{isOpen ? 'open' : 'closed'}</output>
    </>
  );
}

function renderDrawer() {
  const user = userEvent.setup();
  render(
    <>
      <Opener />
      <RightDrawerHost bodies={bodies} />
    </>,
  );
  return user;
}

describe('right-hand drawer (spec 3, 4)', () => {
  it('opens as a dialog named by its header, with its body', async () => {
    const user = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Open drawer' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('Showing unread')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape, resets, and returns focus to the opener', async () => {
    const user = renderDrawer();
    const opener = screen.getByRole('button', { name: 'Open drawer' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Notifications' });

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'drawer state' })).toHaveTextContent('closed');
    expect(opener).toHaveFocus();
  });

  it('closes with its close button', async () => {
    const user = renderDrawer();
    const opener = screen.getByRole('button', { name: 'Open drawer' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
