import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './scripts/i18n/vite-catalogs';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [compiledCatalogs(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  // 'hidden': maps are written (scripts/compress-build.mjs moves them to dist/sourcemaps for
  // error reports) but the bundles do not point to them; the server never serves them.
  build: { outDir: '../../dist/public', emptyOutDir: true, sourcemap: 'hidden' },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
