import { createTheme, mergeThemeOverrides } from '@mantine/core';

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
    // Mantine's gray with a darker 6 (#5f676e, not #868e96): dimmed text is gray 6, and Mantine's 3.3:1 fails
    // WCAG AA; this one is ≥ 4.5:1 on white, the page's background and the light fills.
    gray: [
      '#f8f9fa',
      '#f1f3f5',
      '#e9ecef',
      '#dee2e6',
      '#ced4da',
      '#adb5bd',
      '#5f676e',
      '#495057',
      '#343a40',
      '#212529',
    ],
    // Mantine's red two shades darker from 6 up: red 6 is the error text of every field and the fill of the
    // red buttons, and Mantine's #fa5252 is 3.3:1 on white; #c92a2a is 5.4:1 (WCAG AA for text).
    red: [
      '#fff5f5',
      '#ffe3e3',
      '#ffc9c9',
      '#ffa8a8',
      '#ff8787',
      '#ff6b6b',
      '#c92a2a',
      '#b72525',
      '#a51f1f',
      '#8f1a1a',
    ],
    // Mantine's orange darker from 6 up: the orange buttons (taking a unit off sale) are filled with the theme's
    // shade (primaryShade, 7), and white on Mantine's #f76707 is 3.0:1, on #ad3a0b 6.2:1 (WCAG AA for text); 6 is
    // the orange of text, 5.2:1 on white.
    orange: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#ff922b',
      '#c2410c',
      '#ad3a0b',
      '#9a3412',
      '#7c2d12',
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

/**
 * The theme with the words Mantine's own controls need, in the user's language: every modal's and drawer's close
 * button is named (a button without a name is a critical finding of axe). A dialog's header is a plain part of the
 * dialog, not a second banner beside the page's own (Mantine writes it as a `header` element).
 */
export function themeIn(closeLabel: string) {
  const closeButtonProps = { 'aria-label': closeLabel };
  const attributes = { header: { role: 'none' } };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps, attributes } },
      Drawer: { defaultProps: { closeButtonProps, attributes } },
    },
  });
}
