// BrawlCup's look: a dark, energetic esports theme. Deep navy/purple surfaces, electric yellow as
// the primary colour (with dark text on it: autoContrast) and orange accents. The dark palette's
// light end is brighter than Mantine's default so body and dimmed text keep a contrast above 4.5:1.
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#fffbe1',
  '#fff4c7',
  '#ffe98f',
  '#ffdd53',
  '#ffd324',
  '#ffcc00',
  '#e6b800',
  '#c49c00',
  '#a38200',
  '#856a00',
];

const orange: MantineColorsTuple = [
  '#fff1e2',
  '#ffe0c9',
  '#ffc094',
  '#ff9e5c',
  '#ff8230',
  '#ff7013',
  '#ff6600',
  '#e35500',
  '#cb4a00',
  '#b03d00',
];

// Mantine's dark colour scheme reads: text dark.0, dimmed dark.2, borders dark.4, inputs dark.6,
// body dark.7. Navy/purple instead of grey.
const dark: MantineColorsTuple = [
  '#ece9fb',
  '#cfcae8',
  '#b0aad3',
  '#8e88b6',
  '#4f4878',
  '#38315f',
  '#29234d',
  '#1b1638',
  '#130f2a',
  '#0b081b',
];

// Mantine's dark error red (red.8) reads at 3.2:1 on our cards; red.4 clears 4.5:1 for error text
// and invalid-field borders alike.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  autoContrast: true,
  respectReducedMotion: true,
  luminanceThreshold: 0.4,
  colors: { brand, orange, dark },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '800',
  },
  components: {
    Button: { defaultProps: { fw: 700 } },
    Card: { defaultProps: { withBorder: true, bg: 'dark.6' } },
    Paper: { defaultProps: { withBorder: true } },
  },
});
