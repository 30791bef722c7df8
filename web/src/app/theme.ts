import { createTheme } from '@mantine/core';

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
