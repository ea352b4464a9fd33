// Mantine's styles, per component (not @mantine/core/styles.css), in Mantine's documented order:
// the base, then what the landing page and the loading/error screens use. Everything else (forms,
// alerts, notifications...) is in components/layouts/styles-app.ts, loaded with the layouts of all other screens, so
// the landing page's initial CSS stays small.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import './global.css';
