import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStaticStyles } from './antd-styles.ts';
import { paintLoginFirst, precompress, preloadLoginWave } from './build-plugins.ts';

const target = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), antdStaticStyles(), preloadLoginWave(), paintLoginFirst(), precompress()],
  server: {
    proxy: {
      '/api': target,
      '/auth': target,
      '/websocket': { target, ws: true },
      '/files': target,
      '/test': target,
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
