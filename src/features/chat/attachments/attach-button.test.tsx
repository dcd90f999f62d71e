import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sha256 } from 'hash-wasm';
import {
  configureDeviceFileStorage,
  createMemoryDeviceFileStorage,
  readDeviceFile,
} from '@/lib/chat-uploads/device-files';
import { AttachButton } from './attach-button';

const conversationId = '5f1c0a2e-0000-4000-8000-000000000025';

beforeEach(() => configureDeviceFileStorage(createMemoryDeviceFileStorage()));
afterEach(() => configureDeviceFileStorage(undefined));

/** The picker the paperclip opens (a hidden file input: the button is what people see). */
const pickerOf = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('attaching a file', () => {
  it('offers the allowed types, keeps the chosen photo on the device and hands it to the composer', async () => {
    const onAttached = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<AttachButton conversationId={conversationId} onAttached={onAttached} />);
    const bytes = new TextEncoder().encode('a photo of the bullpen');

    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeEnabled();
    expect(pickerOf(container).accept).toContain('image/jpeg');
    await user.upload(pickerOf(container), new File([bytes], 'Bullpen.jpg', { type: 'image/jpeg' }));

    await waitFor(() => expect(onAttached).toHaveBeenCalledOnce());
    const [attachment] = onAttached.mock.calls[0] as [{ uploadId: string }];
    expect(attachment).toMatchObject({
      fileName: 'Bullpen.jpg',
      type: 'image/jpeg',
      size: bytes.length,
      sha256: await sha256(bytes),
    });
    expect(await readDeviceFile(attachment.uploadId)).toBeInstanceOf(Blob);
  });

  it('says at once why a file cannot be attached, and attaches nothing', async () => {
    const onAttached = vi.fn();
    // The picker's "All files" lets anything through; the button checks it.
    const user = userEvent.setup({ applyAccept: false });
    const { container } = render(<AttachButton conversationId={conversationId} onAttached={onAttached} />);

    await user.upload(
      pickerOf(container),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'setup.exe cannot be attached: send photos, videos, PDFs or voice messages.',
    );
    expect(onAttached).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cannot be used while the composer is disabled', () => {
    render(<AttachButton conversationId={conversationId} onAttached={() => undefined} disabled />);

    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
  });
});
