import '@/testing/dialog-polyfill';
import type { Attachment } from '@contract/uploads';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';
import {
  configureDeviceFileStorage,
  createMemoryDeviceFileStorage,
  saveDeviceFile,
} from '@/lib/chat-uploads/device-files';
import { useMessageActions } from '@/stores/messages-store';
import { MessageAttachment } from './message-attachment';

const messageId = '7a0c7d3e-0000-4000-8000-000000000001';

const photo: Attachment = {
  id: '4f7d2c10-0000-4000-8000-000000000001',
  fileName: 'Bullpen.jpg',
  type: 'image/jpeg',
  kind: 'image',
  size: 2_400_000,
  sha256: 'a'.repeat(64),
  fileUrl: '/api/files/4f7d2c10-0000-4000-8000-000000000001?u=1&e=2&s=3',
  previewUrl: '/api/files/4f7d2c10-0000-4000-8000-000000000001/preview?u=1&e=2&s=3',
  durationMs: null,
  waveform: null,
};

const deviceVideo: DeviceAttachment = {
  uploadId: '4f7d2c10-0000-4000-8000-0000000000d1',
  fileName: 'Long toss.mp4',
  type: 'video/mp4',
  size: 48 * 1024 * 1024,
  sha256: 'b'.repeat(64),
  durationMs: null,
  waveform: null,
};

const madeUrls: string[] = [];
const revokedUrls: string[] = [];

beforeEach(() => {
  configureDeviceFileStorage(createMemoryDeviceFileStorage());
  madeUrls.length = 0;
  revokedUrls.length = 0;
  // jsdom has no object URLs.
  Object.assign(URL, {
    createObjectURL: () => {
      const url = `blob:local/${madeUrls.length + 1}`;
      madeUrls.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => revokedUrls.push(url),
  });
});
afterEach(() => configureDeviceFileStorage(undefined));

const uploadActions = () => renderHook(() => useMessageActions()).result.current;

describe('an attachment in a message', () => {
  it('shows a photo’s preview in a fixed box and opens the full photo in a dialog', async () => {
    const user = userEvent.setup();
    render(<MessageAttachment messageId={messageId} attachment={photo} deviceAttachment={null} />);

    const open = screen.getByRole('button', { name: 'Open photo Bullpen.jpg' });
    expect(within(open).getByRole('img', { name: 'Bullpen.jpg' })).toHaveAttribute('src', photo.previewUrl);
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Bullpen.jpg' });
    expect(within(dialog).getByRole('img', { name: 'Bullpen.jpg' })).toHaveAttribute('src', photo.fileUrl);
    expect(within(dialog).getByRole('link', { name: 'Download Bullpen.jpg' })).toHaveAttribute(
      'href',
      photo.fileUrl,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close photo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('plays a video in place, reading only its metadata until asked', () => {
    render(
      <MessageAttachment
        messageId={messageId}
        attachment={{
          ...photo,
          fileName: 'Long toss.mp4',
          type: 'video/mp4',
          kind: 'video',
          previewUrl: null,
        }}
        deviceAttachment={null}
      />,
    );

    const video = screen.getByLabelText('Video Long toss.mp4');
    expect(video).toHaveAttribute('src', photo.fileUrl);
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('controls');
  });

  it('shows a PDF as a card that opens it', () => {
    render(
      <MessageAttachment
        messageId={messageId}
        attachment={{
          ...photo,
          fileName: 'Throwing program.pdf',
          type: 'application/pdf',
          kind: 'pdf',
          size: 1_300_000,
          previewUrl: null,
        }}
        deviceAttachment={null}
      />,
    );

    expect(screen.getByRole('link', { name: 'Open Throwing program.pdf (PDF, 1.2 MB)' })).toHaveAttribute(
      'href',
      photo.fileUrl,
    );
  });

  it('shows a file still on this device from its local copy, waiting, then with its upload’s progress', async () => {
    const video = new Blob(['video bytes'], { type: 'video/mp4' });
    await saveDeviceFile(deviceVideo.uploadId, video);
    const actions = uploadActions();
    const { unmount } = render(
      <MessageAttachment messageId={messageId} attachment={null} deviceAttachment={deviceVideo} />,
    );

    expect(screen.getByText('Waiting to upload')).toBeInTheDocument();
    expect(await screen.findByLabelText('Video Long toss.mp4')).toHaveAttribute('src', 'blob:local/1');

    act(() => actions.uploadProgressed(messageId, 42));
    const progress = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(progress).toHaveAttribute('aria-valuenow', '42');
    expect(progress).toHaveTextContent('42%');

    act(() => actions.uploadCompleted(messageId, ''));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    unmount();
    expect(revokedUrls).toEqual(['blob:local/1']);
  });

  it('says why an upload failed and retries it when asked', async () => {
    await saveDeviceFile(deviceVideo.uploadId, new Blob(['video bytes'], { type: 'video/mp4' }));
    const actions = uploadActions();
    const onRetry = vi.fn();
    const user = userEvent.setup();
    render(
      <MessageAttachment
        messageId={messageId}
        attachment={null}
        deviceAttachment={deviceVideo}
        onRetry={onRetry}
      />,
    );

    act(() => actions.uploadFailed(messageId, 'Videos can be up to 50 MB in this organisation.'));

    expect(
      screen.getByText('Upload failed: Videos can be up to 50 MB in this organisation.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the server’s copy once the message is on the server, not the local one', () => {
    render(<MessageAttachment messageId={messageId} attachment={photo} deviceAttachment={deviceVideo} />);

    expect(screen.getByRole('img', { name: 'Bullpen.jpg' })).toHaveAttribute('src', photo.previewUrl);
    expect(screen.queryByText('Waiting to upload')).not.toBeInTheDocument();
  });
});
