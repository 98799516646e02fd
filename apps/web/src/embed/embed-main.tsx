import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles.css';
import { loadTranslations, showLanguage } from '@/lib/i18n';
import { applyTheme } from '@/lib/theme';
import { EmbedApp, readEmbedLocation } from './embed-app';

// The host decides the look and language (its URL carries them); nothing is stored here, so the
// embed never changes the host's own preferences on this shared origin.
const where = readEmbedLocation(window.location);
applyTheme(where.dark);
// The URL token is single-use: keep it out of the iframe's history.
window.history.replaceState(null, '', window.location.pathname);

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('embed.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <EmbedApp where={where} />
    </StrictMode>,
  );
}

// The embed's strings (the `rest` part) in the host's language, before the first render.
loadTranslations(['core', 'rest'], where.locale)
  .then(() => showLanguage(where.locale))
  .then(render, (error: unknown) => {
    console.error('Could not load the translations', error);
    render();
  });
