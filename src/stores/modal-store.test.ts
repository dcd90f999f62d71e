import { act, renderHook } from '@testing-library/react';
import {
  modalBodyTypes,
  useModalActions,
  useModalBodyType,
  useModalExtraObject,
  useModalHidesCloseButton,
  useModalIsOpen,
  useModalSize,
  useModalTitle,
} from './modal-store';

function renderModalState() {
  return renderHook(() => ({
    isOpen: useModalIsOpen(),
    title: useModalTitle(),
    bodyType: useModalBodyType(),
    size: useModalSize(),
    extraObject: useModalExtraObject(),
    hideCloseButton: useModalHidesCloseButton(),
    actions: useModalActions(),
  }));
}

const closedState = {
  isOpen: false,
  title: '',
  bodyType: null,
  size: 'md',
  extraObject: null,
  hideCloseButton: false,
};

describe('modal store (spec 3, 4)', () => {
  afterEach(() => {
    const { result } = renderModalState();
    act(() => result.current.actions.closeModal());
  });

  it('starts closed, with the default size md', () => {
    const { result } = renderModalState();
    expect(result.current).toMatchObject(closedState);
  });

  it('opens with a title and body type, size md unless given', () => {
    const { result } = renderModalState();
    act(() =>
      result.current.actions.openModal({
        title: 'Help and support',
        bodyType: modalBodyTypes.helpAndSupport,
      }),
    );
    expect(result.current).toMatchObject({
      isOpen: true,
      title: 'Help and support',
      bodyType: modalBodyTypes.helpAndSupport,
      size: 'md',
      extraObject: null,
      hideCloseButton: false,
    });
  });

  it('keeps the size, extraObject and hidden close button it is given', () => {
    const { result } = renderModalState();
    const extraObject = { workoutId: 'w-1' };
    act(() =>
      result.current.actions.openModal({
        title: 'Workout',
        bodyType: modalBodyTypes.helpAndSupport,
        size: 'lg',
        extraObject,
        hideCloseButton: true,
      }),
    );
    expect(result.current).toMatchObject({ size: 'lg', extraObject, hideCloseButton: true });
  });

  it('resets every field when it closes', () => {
    const { result } = renderModalState();
    act(() =>
      result.current.actions.openModal({
        title: 'Workout',
        bodyType: modalBodyTypes.helpAndSupport,
        size: 'xl',
        extraObject: { id: 1 },
        hideCloseButton: true,
      }),
    );
    act(() => result.current.actions.closeModal());
    expect(result.current).toMatchObject(closedState);
  });
});
