import { useCallback, useEffect, useId, useState } from 'react';
import { useChosenMicrophone } from './chosen-microphone';

interface Microphone {
  deviceId: string;
  label: string;
}

/** Browsers list their own "default" and "communications" entries; "Default microphone" already stands for them. */
const isAlias = (deviceId: string) => deviceId === 'default' || deviceId === 'communications';

const canListDevices = () => typeof navigator.mediaDevices?.enumerateDevices === 'function';

async function listMicrophones(): Promise<Microphone[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices
    .filter((device) => device.kind === 'audioinput' && device.deviceId !== '' && !isAlias(device.deviceId))
    .map((device) => ({ deviceId: device.deviceId, label: device.label }));
}

type Listing =
  { status: 'loading' } | { status: 'unsupported' } | { status: 'listed'; microphones: Microphone[] };

/**
 * The chat setting "Microphone for voice messages" (spec 3 `currentAudioDevice`): the device's audio inputs,
 * named once the browser may tell their names, with the browser's default first. Kept across reloads.
 */
export function MicrophoneSetting() {
  const selectId = useId();
  const hintId = useId();
  const [chosen, choose] = useChosenMicrophone();
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);

  const showListed = useCallback((microphones: Microphone[] | null) => {
    setListing(microphones ? { status: 'listed', microphones } : { status: 'unsupported' });
  }, []);
  const refresh = useCallback(() => listMicrophones().then(showListed, () => showListed(null)), [showListed]);

  useEffect(() => {
    if (!canListDevices()) return undefined;
    const devices = navigator.mediaDevices;
    listMicrophones().then(showListed, () => showListed(null));
    // A headset plugged in or out shows at once.
    const onChange = () => void refresh();
    devices.addEventListener('devicechange', onChange);
    return () => devices.removeEventListener('devicechange', onChange);
  }, [refresh, showListed]);

  const allowNames = async () => {
    setProblem(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
      await refresh();
    } catch {
      setProblem('Microphone access is blocked. Allow it in your browser’s site settings to see the names.');
    }
  };

  if (listing.status === 'unsupported' || !canListDevices()) {
    return (
      <p className="text-sm text-muted-foreground">
        This browser cannot record audio, so there is no microphone to choose.
      </p>
    );
  }

  const microphones = listing.status === 'listed' ? listing.microphones : [];
  const namesHidden = microphones.some((microphone) => microphone.label === '');
  // A choice made on this device whose microphone is not plugged in now is still shown, not silently dropped.
  const chosenMissing =
    chosen !== null &&
    listing.status === 'listed' &&
    !microphones.some((m) => m.deviceId === chosen.deviceId);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={selectId} className="text-sm font-semibold text-foreground">
        Microphone for voice messages
      </label>
      <select
        id={selectId}
        aria-describedby={hintId}
        disabled={listing.status === 'loading'}
        value={chosen?.deviceId ?? ''}
        onChange={(event) => {
          const deviceId = event.target.value;
          const found = microphones.find((microphone) => microphone.deviceId === deviceId);
          choose(deviceId === '' ? null : { deviceId, label: found?.label ?? chosen?.label ?? '' });
        }}
        className="min-h-11 w-full max-w-md rounded-lg border border-border bg-surface px-3 text-sm text-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-70"
      >
        <option value="">Default microphone</option>
        {microphones.map((microphone, index) => (
          <option key={microphone.deviceId} value={microphone.deviceId}>
            {microphone.label || `Microphone ${index + 1}`}
          </option>
        ))}
        {chosenMissing ? (
          <option value={chosen.deviceId}>{`${chosen.label || 'Chosen microphone'} (not connected)`}</option>
        ) : null}
      </select>
      <p id={hintId} className="text-xs text-muted-foreground">
        {chosenMissing
          ? 'It is not connected now: voice messages record with the default microphone until it is.'
          : 'Voice messages record with this microphone on this device.'}
      </p>
      {namesHidden ? (
        <button
          type="button"
          onClick={() => void allowNames()}
          className="self-start text-sm font-semibold text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Allow microphone to see names
        </button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
