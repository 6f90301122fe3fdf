import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, resolveTheme } from './lib/theme';
import './styles.css';

// The boot script in index.html has normally done this already; doing it again costs nothing and
// covers a page where that inline script was blocked (a strict Content-Security-Policy).
applyTheme(resolveTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
