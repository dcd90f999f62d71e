/**
 * jsdom has `<dialog>` but not its behaviour. This gives it the part the app relies on, as browsers do it:
 * `showModal()` opens it and focuses its first focusable element, Escape fires a cancelable `cancel` and
 * then closes it, and `close()` fires `close`. Import it in tests that open modal dialogs.
 */
const focusableSelector =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const openModals: HTMLDialogElement[] = [];

function onDocumentKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = openModals.at(-1);
  if (!top) return;
  const cancel = new Event('cancel', { cancelable: true });
  if (top.dispatchEvent(cancel)) top.close();
}

if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  document.addEventListener('keydown', onDocumentKeyDown);

  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };

  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.setAttribute('open', '');
    openModals.push(this);
    const autofocus = this.querySelector<HTMLElement>('[autofocus]');
    const first = autofocus ?? this.querySelector<HTMLElement>(focusableSelector);
    (first ?? this).focus();
  };

  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    const index = openModals.indexOf(this);
    if (index !== -1) openModals.splice(index, 1);
    this.dispatchEvent(new Event('close'));
  };
}

export {};
