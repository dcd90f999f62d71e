import { lazy } from 'react';
import type { ModalBodyRegistry } from '@/components/modal/modal-host';
import type { RightDrawerBodyRegistry } from '@/components/right-drawer/right-drawer-host';
import { modalBodyTypes } from '@/stores/modal-store';
import { rightDrawerBodyTypes } from '@/stores/right-drawer-store';

/*
 * The body-type registries of the generic modal and the right-hand drawer. Each body loads on first use, so
 * none of them weighs on the first screen. A new body type is a constant in its store plus an entry here;
 * the Record types make TypeScript insist on both.
 */
export const shellModalBodies: ModalBodyRegistry = {
  [modalBodyTypes.helpAndSupport]: lazy(() =>
    import('./help-and-support-modal-body').then((module) => ({ default: module.HelpAndSupportModalBody })),
  ),
};

export const shellRightDrawerBodies: RightDrawerBodyRegistry = {
  [rightDrawerBodyTypes.notifications]: lazy(() =>
    import('./notifications-drawer-body').then((module) => ({ default: module.NotificationsDrawerBody })),
  ),
};
