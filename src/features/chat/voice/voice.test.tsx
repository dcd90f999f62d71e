import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';
import {
  configureDeviceFileStorage,
  createMemoryDeviceFileStorage,
  readDeviceFile,
} from '@/lib/chat-uploads/device-files';
import { useCurrentAudioDevice } from '@/stores/scratch-store';
import { resetAllStores } from '@/stores/store-reset';
import { chosenMicrophoneStorageKey } from './chosen-microphone';
import { MicrophoneSetting } from './microphone-setting';
import { VoicePlayer } from './voice-player';
import { VoiceRecorder } from './voice-recorder';

/* The browser's media boundary, faked: a microphone stream, MediaRecorder and the Web Audio analyser. */

class FakeTrack {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

class FakeStream {
  readonly tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
}

let supportedTypes: string[] = [];
const recorders: FakeMediaRecorder[] = [];

class FakeMediaRecorder extends EventTarget {
  static isTypeSupported = (type: string) => supportedTypes.includes(type);
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    super();
    this.mimeType = options?.mimeType ?? '';
    recorders.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    setTimeout(() => {
      this.dispatchEvent(
        Object.assign(new Event('dataavailable'), {
          data: new Blob(['recorded voice'], { type: this.mimeType }),
        }),
      );
      this.dispatchEvent(new Event('stop'));
    }, 0);
  }
}

/** The voice's loudness the analyser hears, 0 to 1. */
let loudness = 0.5;

class FakeAudioContext {
  createAnalyser() {
    return {
      fftSize: 2048,
      getByteTimeDomainData: (buffer: Uint8Array) => {
        buffer.fill(128);
        buffer[0] = Math.round(128 + loudness * 127);
      },
    };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}

const microphoneDenied = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));

function fakeMediaDevices(devices: { deviceId: string; label: string }[] = []) {
  const streams: FakeStream[] = [];
  const media = {
    streams,
    getUserMedia: vi.fn((constraints: MediaStreamConstraints): Promise<FakeStream> => {
      void constraints;
      const stream = new FakeStream();
      streams.push(stream);
      return Promise.resolve(stream);
    }),
    enumerateDevices: vi.fn(() =>
      Promise.resolve(devices.map((device) => ({ ...device, kind: 'audioinput', groupId: 'g' }))),
    ),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: media, configurable: true });
  return media;
}

let clock = 1_000_000;

beforeEach(() => {
  configureDeviceFileStorage(createMemoryDeviceFileStorage());
  supportedTypes = ['audio/webm;codecs=opus', 'audio/webm'];
  recorders.length = 0;
  loudness = 0.5;
  clock = 1_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
});

afterEach(() => {
  configureDeviceFileStorage(undefined);
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function renderRecorder() {
  const onRecorded = vi.fn<(attachment: DeviceAttachment) => void>();
  const user = userEvent.setup();
  render(<VoiceRecorder onRecorded={onRecorded} />);
  return { onRecorded, user };
}

describe('recording a voice message', () => {
  it('records with the chosen microphone, shows the time, and sends the recording with its length and waveform', async () => {
    localStorage.setItem(
      chosenMicrophoneStorageKey,
      JSON.stringify({ deviceId: 'usb-mic', label: 'USB mic' }),
    );
    const media = fakeMediaDevices();
    const { onRecorded, user } = renderRecorder();

    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));

    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: { deviceId: { exact: 'usb-mic' } } });
    expect(recorders[0]?.mimeType).toBe('audio/webm;codecs=opus');
    expect(screen.getByRole('group', { name: 'Recording a voice message' })).toBeInTheDocument();
    clock += 3_200;
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('0:03'));

    await user.click(screen.getByRole('button', { name: 'Send the voice message' }));

    await waitFor(() => expect(onRecorded).toHaveBeenCalledOnce());
    const voice = onRecorded.mock.calls[0]![0];
    expect(voice).toMatchObject({ fileName: 'Voice message.webm', type: 'audio/webm', durationMs: 3_200 });
    expect(voice.waveform).toHaveLength(64);
    expect(Math.max(...voice.waveform!)).toBe(1);
    expect(await readDeviceFile(voice.uploadId)).toBeInstanceOf(Blob);
    // The microphone is free again.
    expect(media.streams[0]?.tracks[0]?.stopped).toBe(true);
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeInTheDocument();
  });

  it('records AAC in MP4 where WebM is not recorded (Safari)', async () => {
    supportedTypes = ['audio/mp4'];
    fakeMediaDevices();
    const { onRecorded, user } = renderRecorder();

    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
    clock += 1_500;
    await user.click(screen.getByRole('button', { name: 'Send the voice message' }));

    await waitFor(() => expect(onRecorded).toHaveBeenCalledOnce());
    expect(onRecorded.mock.calls[0]![0]).toMatchObject({ fileName: 'Voice message.m4a', type: 'audio/mp4' });
  });

  it('throws a discarded recording away and frees the microphone', async () => {
    const media = fakeMediaDevices();
    const { onRecorded, user } = renderRecorder();

    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
    clock += 2_000;
    await user.click(screen.getByRole('button', { name: 'Discard the recording' }));

    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(onRecorded).not.toHaveBeenCalled();
    expect(media.streams[0]?.tracks[0]?.stopped).toBe(true);
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeInTheDocument();
  });

  it('sends nothing for a tap that starts and stops at once', async () => {
    fakeMediaDevices();
    const { onRecorded, user } = renderRecorder();

    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
    clock += 200;
    await user.click(screen.getByRole('button', { name: 'Send the voice message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too short to send');
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('says so when the microphone is blocked', async () => {
    const media = fakeMediaDevices();
    media.getUserMedia.mockImplementation(microphoneDenied);
    const { onRecorded, user } = renderRecorder();

    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Microphone access is blocked. Allow it in your browser’s site settings to record a voice message.',
    );
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('records with the default microphone when the chosen one is unplugged', async () => {
    localStorage.setItem(
      chosenMicrophoneStorageKey,
      JSON.stringify({ deviceId: 'usb-mic', label: 'USB mic' }),
    );
    const media = fakeMediaDevices();
    media.getUserMedia.mockImplementationOnce(() =>
      Promise.reject(new DOMException('No such device', 'OverconstrainedError')),
    );
    const { user } = renderRecorder();

    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));

    expect(media.getUserMedia).toHaveBeenLastCalledWith({ audio: true });
    expect(screen.getByRole('group', { name: 'Recording a voice message' })).toHaveTextContent(
      'USB mic is not connected: recording with the default microphone.',
    );
  });
});

describe('playing a voice message', () => {
  it('plays and pauses, and tells where it is of how long it lasts', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    const user = userEvent.setup();
    const { container } = render(
      <VoicePlayer src="/api/files/voice?s=1" durationMs={7_400} waveform={[0.1, 0.9, 0.4]} />,
    );
    const position = screen.getByRole('slider', { name: 'Position in the voice message' });
    expect(position).toHaveAttribute('aria-valuetext', '0:00 of 0:07');

    await user.click(screen.getByRole('button', { name: 'Play voice message' }));
    const audio = container.querySelector('audio')!;
    audio.currentTime = 3.2;
    fireEvent.timeUpdate(audio);

    expect(position).toHaveAttribute('aria-valuetext', '0:03 of 0:07');
    await user.click(screen.getByRole('button', { name: 'Pause voice message' }));
    expect(screen.getByRole('button', { name: 'Play voice message' })).toBeInTheDocument();
  });
});

describe('choosing the microphone', () => {
  it('asks for access to show names, then keeps the chosen microphone across reloads', async () => {
    const media = fakeMediaDevices([
      { deviceId: 'default', label: '' },
      { deviceId: 'built-in', label: '' },
      { deviceId: 'usb-mic', label: '' },
    ]);
    const user = userEvent.setup();
    const { unmount } = render(<MicrophoneSetting />);

    const select = await screen.findByRole('combobox', { name: 'Microphone for voice messages' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Default microphone',
      'Microphone 1',
      'Microphone 2',
    ]);

    media.enumerateDevices.mockResolvedValue([
      { deviceId: 'built-in', label: 'MacBook Pro Microphone', kind: 'audioinput', groupId: 'g' },
      { deviceId: 'usb-mic', label: 'USB mic', kind: 'audioinput', groupId: 'g' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Allow microphone to see names' }));
    expect(await screen.findByRole('option', { name: 'USB mic' })).toBeInTheDocument();
    expect(media.streams[0]?.tracks[0]?.stopped).toBe(true);

    await user.selectOptions(select, 'USB mic');
    const chosen = renderHook(() => useCurrentAudioDevice()).result;
    expect(chosen.current).toEqual({ deviceId: 'usb-mic', label: 'USB mic' });
    unmount();

    // A reload: the store starts empty, the device remembers.
    act(() => resetAllStores());
    expect(chosen.current).toBeNull();
    const { getByRole } = render(<MicrophoneSetting />);
    await waitFor(() =>
      expect(getByRole('combobox', { name: 'Microphone for voice messages' })).toHaveValue('usb-mic'),
    );
    expect(JSON.parse(localStorage.getItem(chosenMicrophoneStorageKey)!)).toEqual({
      deviceId: 'usb-mic',
      label: 'USB mic',
    });
  });

  it('goes back to the default microphone', async () => {
    localStorage.setItem(
      chosenMicrophoneStorageKey,
      JSON.stringify({ deviceId: 'usb-mic', label: 'USB mic' }),
    );
    fakeMediaDevices([{ deviceId: 'usb-mic', label: 'USB mic' }]);
    const user = userEvent.setup();
    render(<MicrophoneSetting />);
    const select = await screen.findByRole('combobox', { name: 'Microphone for voice messages' });
    await waitFor(() => expect(select).toHaveValue('usb-mic'));

    await user.selectOptions(select, 'Default microphone');

    expect(localStorage.getItem(chosenMicrophoneStorageKey)).toBeNull();
  });
});
