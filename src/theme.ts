import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** A calm, professional look: deep blue-teal on soft grey, plenty of space, visible focus. */
const FOCUS = '#0b6bcb';
/** Quieter text; 7:1 on white and 6.5:1 on the page's grey (WCAG 1.4.3 asks 4.5:1). */
const SECONDARY_TEXT = '#4d5b6a';

/** The console's focus ring, for a control that draws its own focus (sx: `'&:focus-visible': focusRing`). */
export const focusRing = { outline: `3px solid ${FOCUS}`, outlineOffset: 2 } as const;

export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#1d4f73', light: '#4a7a9e', dark: '#123650', contrastText: '#ffffff' },
    secondary: { main: '#2f7a6b', contrastText: '#ffffff' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#1c2733', secondary: SECONDARY_TEXT },
    error: { main: '#b3261e' },
    warning: { main: '#a15c00' },
    success: { main: '#2e7d32' },
    info: { main: '#1f6aa5' },
    divider: '#dde3ea',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 600, letterSpacing: 0 },
    h2: { fontSize: '1.35rem', fontWeight: 600 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Keyboard users always see where they are.
        ':focus-visible': { outline: `3px solid ${FOCUS}`, outlineOffset: 2 },
        body: { backgroundColor: '#f3f5f8' },
      },
    },
    // Checkboxes, radios, switches, icon buttons and tabs: a ring, not only the ripple's glow (which
    // is faint, and gone where motion is reduced).
    MuiButtonBase: { defaultProps: { disableRipple: false }, styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS}`, outlineOffset: -3 } } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS}`, outlineOffset: 2 } } },
    },
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS}`, outlineOffset: -3 } } },
    },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': { outline: `3px solid ${FOCUS}`, outlineOffset: 2, borderRadius: 2 } } } },
    MuiTextField: { defaultProps: { variant: 'outlined', fullWidth: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 10 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
    // A disabled field's hint is still read (the same-as fields say where their value comes
    // from): it keeps a readable contrast (WCAG 1.4.3); the field itself still looks disabled.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: SECONDARY_TEXT } } } },
    // The same for the name of a group of disabled checkboxes (its legend).
    MuiFormLabel: { styleOverrides: { root: { 'legend&.Mui-disabled': { color: SECONDARY_TEXT } } } },
    // react-admin's empty list ("No … yet") is a message to read, not a disabled control.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: SECONDARY_TEXT } } } },
  } as ThemeOptions['components'],
};

export const theme = createTheme(themeOptions);

/**
 * For people who ask their system for less motion (WCAG 2.3.3): drawers, dialogs, menus and
 * tooltips appear at once instead of sliding, fading or growing, and buttons do not ripple.
 */
const still = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };
export const reducedMotionThemeOptions: ThemeOptions = {
  ...themeOptions,
  transitions: { duration: still, create: () => 'none' },
  components: {
    ...themeOptions.components,
    MuiButtonBase: { ...themeOptions.components?.MuiButtonBase, defaultProps: { disableRipple: true } },
    // Menus and popovers size their grow by their height unless told otherwise.
    MuiPopover: { defaultProps: { transitionDuration: 0 } },
    MuiMenu: { defaultProps: { transitionDuration: 0 } },
    MuiTooltip: { defaultProps: { slotProps: { transition: { timeout: 0 } } } },
  },
};
export const reducedMotionTheme = createTheme(reducedMotionThemeOptions);
