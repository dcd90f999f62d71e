/** How a device storage tells this browser's other copies of the app (tabs, windows) that it stored a change. */
export interface TabConnection {
  announce: () => void;
  close: () => void;
}

/** The other tabs, over a BroadcastChannel of the database's name; none where the browser has no channels. */
export function broadcastTabs(channelName: string, heard: () => void): TabConnection {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = () => heard();
  return { announce: () => channel.postMessage('changed'), close: () => channel.close() };
}

/** Tests: "tabs" within one page, each told of another's change a task later, as a BroadcastChannel does. */
export function memoryTabs(): (heard: () => void) => TabConnection {
  const tabs = new Set<() => void>();
  return (heard) => {
    tabs.add(heard);
    return {
      announce: () => {
        for (const tab of tabs) if (tab !== heard) setTimeout(tab, 0);
      },
      close: () => tabs.delete(heard),
    };
  };
}
