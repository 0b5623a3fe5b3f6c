import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the grid benchmark page on its own, outside the portal's bundle. */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: { outDir: '../dist-bench', emptyOutDir: true, rollupOptions: { input: 'grid.html' } },
});
