import { reloadOnStaleChunks, staleChunkReloadGuardMs, staleChunkReloadKey } from './stale-chunk-reload';

function setUp() {
  const events = new EventTarget();
  const reload = vi.fn();
  const clock = { now: 5_000_000 };
  reloadOnStaleChunks({ events, storage: sessionStorage, reload, now: () => clock.now });
  const chunkMissing = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    events.dispatchEvent(event);
    return event;
  };
  return { reload, clock, chunkMissing };
}

beforeEach(() => sessionStorage.clear());

describe('reloadOnStaleChunks', () => {
  it('reloads the page once when a chunk of the old release is gone, and stops Vite throwing', () => {
    const { reload, chunkMissing } = setUp();
    const event = chunkMissing();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(staleChunkReloadKey)).toBe('5000000');
  });

  it('does not loop: a failure right after such a reload lets the error show', () => {
    const { reload, clock, chunkMissing } = setUp();
    sessionStorage.setItem(staleChunkReloadKey, String(clock.now - 1_000));
    const event = chunkMissing();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('reloads again for a later deploy', () => {
    const { reload, clock, chunkMissing } = setUp();
    sessionStorage.setItem(staleChunkReloadKey, String(clock.now - staleChunkReloadGuardMs));
    chunkMissing();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
