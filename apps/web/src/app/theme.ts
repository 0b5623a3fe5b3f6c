import { createTheme } from '@mantine/core';

/** System fonts only: nothing is downloaded at run time. */
export const theme = createTheme({
  colors: {
    forest: [
      '#eaf5ef',
      '#d5e9de',
      '#a8d2bb',
      '#79ba97',
      '#52a679',
      '#3a9867',
      '#2c8a5a',
      '#1f7048',
      '#17613e',
      '#1f4d3a',
    ],
  },
  primaryColor: 'forest',
  primaryShade: 7,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'md',
  // Users who ask their system for less motion get no animated modals and drawers.
  respectReducedMotion: true,
});
