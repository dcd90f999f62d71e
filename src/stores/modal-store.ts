import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

/** The bodies the generic modal can show; the app shell maps each to a component (spec 3: "body type"). */
export const modalBodyTypes = {
  helpAndSupport: 'help-and-support',
} as const;
export type ModalBodyType = (typeof modalBodyTypes)[keyof typeof modalBodyTypes];

export const modalSizes = ['sm', 'md', 'lg', 'xl'] as const;
export type ModalSize = (typeof modalSizes)[number];

interface ModalFields {
  title: string;
  isOpen: boolean;
  bodyType: ModalBodyType | null;
  /** Spec 9: md unless the opener asks otherwise. */
  size: ModalSize;
  /** Whatever the body needs (an id, a record); the body narrows it. */
  extraObject: unknown;
  hideCloseButton: boolean;
}

export interface OpenModalOptions {
  title: string;
  bodyType: ModalBodyType;
  size?: ModalSize;
  extraObject?: unknown;
  hideCloseButton?: boolean;
}

const closedModal: ModalFields = {
  title: '',
  isOpen: false,
  bodyType: null,
  size: 'md',
  extraObject: null,
  hideCloseButton: false,
};

interface ModalState extends ModalFields {
  actions: {
    openModal: (options: OpenModalOptions) => void;
    /** Spec 4: closing resets every field. */
    closeModal: () => void;
  };
}

const useModalStore = create<ModalState>()((set) => ({
  ...closedModal,
  actions: {
    openModal: ({ title, bodyType, size = 'md', extraObject = null, hideCloseButton = false }) =>
      set({ title, bodyType, size, extraObject, hideCloseButton, isOpen: true }),
    closeModal: () => set(closedModal),
  },
}));

registerStoreReset(() => useModalStore.setState(closedModal));

export const useModalIsOpen = () => useModalStore((state) => state.isOpen);
export const useModalTitle = () => useModalStore((state) => state.title);
export const useModalBodyType = () => useModalStore((state) => state.bodyType);
export const useModalSize = () => useModalStore((state) => state.size);
export const useModalExtraObject = () => useModalStore((state) => state.extraObject);
export const useModalHidesCloseButton = () => useModalStore((state) => state.hideCloseButton);
export const useModalActions = () => useModalStore((state) => state.actions);
