import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstScreens } from './first-screens.ts';

export default defineConfig({
  plugins: [react(), firstScreens()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  // No source maps in dist: the server serves dist as it is. `npm run bench:web` builds with --manifest
  // to compute each route's initial JavaScript, and removes the manifest again.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen runs before its first render (React, the router, i18next, React Query, Mantine's
            // provider and styles system) in one chunk rather than a dozen small ones that compress worse (/login
            // 3.7 KB less).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](react-query|query-core)|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/,
            },
            // The Mantine components and hooks of the first screens (the sign-in forms, the loading and error
            // screens; the signed-in layout uses them too) in one chunk: about twenty chunks of a few hundred bytes
            // each otherwise (/login about 5 KB less). The other components are left to the automatic split, page by page.
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/](hooks[\\/]esm[\\/](utils|use-(id|merged-ref|uncontrolled|reduced-motion|media-query|resize-observer|mutation-observer|timeout|did-update|shallow-effect|window-event|isomorphic-effect))[\\/]|core[\\/]esm[\\/]components[\\/](Stack|Group|Text|Title|Anchor|Paper|Button|UnstyledButton|Input|InputBase|TextInput|PasswordInput|ActionIcon|CloseButton|SegmentedControl|FloatingIndicator|Loader|Center|Alert|Transition)[\\/])/,
            },
            // The signed-in layout's menus, drawer, location select, tabs and tooltips with what they stand on
            // (floating-ui, the scroll lock) and the small components of the layout and the dashboard: one chunk
            // loaded with the layout instead of about twenty-five, which on HTTP/1.1's six connections queued the
            // page's chunks and its data calls behind one another.
            {
              name: 'mantine-app',
              test: /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib|@mantine[\\/](hooks|core[\\/]esm[\\/](utils[\\/]Floating|components[\\/](Combobox|ScrollArea|Menu|ModalBase|Drawer|Popover|Tooltip|Tabs|Avatar|List|SimpleGrid|VisuallyHidden|Skeleton|Portal|Overlay|NavLink|Divider|Code|Burger|Badge|Select|FocusTrap|Collapse|Checkbox[\\/]CheckIcon|Radio[\\/]RadioIcon|Accordion[\\/]AccordionChevron))))[\\/]/,
            },
            // The signed-in layout and the small shared modules that it and the dashboard render with (the
            // session, formats, figures, banners, the chart box, the layout's styles, the request subjects): one chunk instead of eleven of 0.1–0.8 KB, each
            // a request that queued on HTTP/1.1's six connections before the dashboard's first paint. Not the
            // sign-in screens' modules, nor any the entry imports.
            {
              name: 'app-shell',
              // Only these modules: what they import (the entry's storage, Mantine, React) stays where it is.
              includeDependenciesRecursively: false,
              test: /src[\\/](app[\\/]layout[\\/][\w-]+\.tsx?|shared[\\/](session[\\/](session\.tsx|use-sign-out\.ts)|links\.ts|format\.ts|api[\\/]open-requests\.ts|ui[\\/](logo|lazy-charts|stat|success-banner)\.tsx|ui[\\/](timed|mantine-styles-app)\.ts)|request-subjects\.ts)$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A guard against a hang, not a measure of speed: a busy machine renders and hovers slowly.
    testTimeout: 60_000,
  },
});
