import { act, renderHook } from '@testing-library/react';
import {
  rightDrawerBodyTypes,
  useRightDrawerActions,
  useRightDrawerBodyType,
  useRightDrawerExtraObject,
  useRightDrawerHeader,
  useRightDrawerIsOpen,
} from './right-drawer-store';

function renderDrawerState() {
  return renderHook(() => ({
    isOpen: useRightDrawerIsOpen(),
    header: useRightDrawerHeader(),
    bodyType: useRightDrawerBodyType(),
    extraObject: useRightDrawerExtraObject(),
    actions: useRightDrawerActions(),
  }));
}

describe('right drawer store (spec 3, 4)', () => {
  it('starts closed', () => {
    const { result } = renderDrawerState();
    expect(result.current).toMatchObject({ isOpen: false, header: '', bodyType: null, extraObject: null });
  });

  it('opens with a header, body type and extraObject, and closing resets them all', () => {
    const { result } = renderDrawerState();
    act(() =>
      result.current.actions.openRightDrawer({
        header: 'Notifications',
        bodyType: rightDrawerBodyTypes.notifications,
        extraObject: { filter: 'unread' },
      }),
    );
    expect(result.current).toMatchObject({
      isOpen: true,
      header: 'Notifications',
      bodyType: rightDrawerBodyTypes.notifications,
      extraObject: { filter: 'unread' },
    });

    act(() => result.current.actions.closeRightDrawer());
    expect(result.current).toMatchObject({ isOpen: false, header: '', bodyType: null, extraObject: null });
  });
});
