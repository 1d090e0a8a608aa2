import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's connectivity; the live queue connection replaces it when it ships. */
export function OnlineIndicator() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm font-medium">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${online ? 'bg-green-600' : 'bg-red-600'}`}
      />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}
