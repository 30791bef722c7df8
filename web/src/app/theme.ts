import { createTheme, type MantineColorScheme } from '@mantine/core';

/** The app's Mantine theme. `md` is the spec's 1024 px mobile breakpoint (section 9). */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'md' } },
  },
});

/** Header height; with the page padding it gives the spec's 88 px sticky offset. */
export const HEADER_HEIGHT = 72;
export const STICKY_OFFSET = 88;

/**
 * Where the chosen color scheme is kept and what applies before a choice. index.html repeats both
 * in the script that sets the scheme before the first paint (a test keeps them in step).
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';
