// First, before React is even evaluated: the session probe and the page's code and data start.
import './lib/zod-jitless';
import './boot';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The first render as a transition: React renders it in slices of a few milliseconds and gives
// the main thread back between them, instead of one long task a phone's user waits through.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
