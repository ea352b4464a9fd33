// / : the landing page. Hero (Start Your Journey, Sign in; Go to tournaments for someone signed in),
// four feature cards, recent winners (once there are any), the statistics strip and an ad slot. It
// imports no registration or admin code; the recent winners arrive after the first paint. The build
// prerenders it (vite.config.ts): what it renders first must not depend on the browser, the session
// or the time, and is the same for everyone; the recent winners mount only in the browser.
import { lazy, Suspense } from 'react';
import { Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconGift, IconSwords, IconTrophy, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { AdSlot } from '@/components/ui/ad-slot';
import classes from './landing.module.css';

const RecentWinners = lazy(() => import('@/features/leaderboard/components/recent-winners'));

const features: { title: string; text: string; icon: Icon }[] = [
  {
    title: 'Competitive Tournaments',
    text: 'Battle the best in 1v1, 2v2 and 3v3 brackets every week.',
    icon: IconTrophy,
  },
  {
    title: 'Team Formation',
    text: 'Register solo or bring your squad: one team, one shared path to the top.',
    icon: IconUsersGroup,
  },
  {
    title: 'Custom Matches',
    text: 'Organised custom rooms with fair rules and match updates on Discord.',
    icon: IconSwords,
  },
  { title: 'Rewards System', text: 'Climb the ranks and win prizes from the monthly prize pool.', icon: IconGift },
];

const stats: { value: string; label: string }[] = [
  { value: '100+', label: 'Active Players' },
  { value: 'Rs500+', label: 'Monthly Prize Pool' },
  { value: '24/7', label: 'Tournament Support' },
];

export default function LandingRoute() {
  const { user } = useAuth();
  const hydrated = useHydrated();
  return (
    <Box component="main">
      <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" py="md">
          <Group gap="xs">
            <img src="/logo.svg" alt="" width={36} height={36} />
            <Text component="span" fw={900} fz={24} className={classes.accent}>
              BrawlCup
            </Text>
          </Group>
          {user ? (
            <Button component={Link} to={paths.home} variant="subtle" color="gray">
              Tournaments
            </Button>
          ) : (
            <Button component={Link} to={paths.login} variant="subtle" color="gray">
              Sign in
            </Button>
          )}
        </Group>

        <section className={classes.hero} aria-labelledby="hero-title">
          <Stack align="center" gap="lg" ta="center">
            <Text fw={800} c="orange.4" tt="uppercase" fz="sm" lts={2}>
              Brawl Stars community tournaments
            </Text>
            <Title order={1} id="hero-title" className={classes.title}>
              Compete. Win. <span className={classes.accent}>Become a legend.</span>
            </Title>
            <Text c="dark.1" fz={{ base: 'md', sm: 'lg' }} maw={620}>
              Join weekly BrawlCup tournaments, form your team, and fight your way to the top of the{' '}
              <Anchor component={Link} to={paths.leaderboard} c="orange.4" fw={700} inherit>
                leaderboard
              </Anchor>
              .
            </Text>
            <Group justify="center" gap="md">
              {user ? (
                <Button
                  component={Link}
                  to={paths.home}
                  size="lg"
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                >
                  Go to tournaments
                </Button>
              ) : (
                <>
                  <Button
                    component={Link}
                    to={paths.register}
                    size="lg"
                    rightSection={<IconArrowRight size={18} aria-hidden />}
                  >
                    Start Your Journey
                  </Button>
                  <Button component={Link} to={paths.login} size="lg" variant="outline">
                    Sign in
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </section>

        <section aria-label="Features">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            {features.map(({ title, text, icon: FeatureIcon }) => (
              <Paper key={title} component="article" className={classes.feature} p="lg" radius="lg" bg="dark.6">
                <div className={classes.featureIcon}>
                  <FeatureIcon size={26} aria-hidden />
                </div>
                <Title order={2} fz="lg" mt="md">
                  {title}
                </Title>
                <Text c="dimmed" fz="sm" mt={6}>
                  {text}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>

        {hydrated && (
          <Suspense fallback={null}>
            <RecentWinners />
          </Suspense>
        )}

        {/* src/boot.ts fetches the app (the winners above, the ad below) as the visitor scrolls near here. */}
        <section aria-label="Statistics" className={classes.stats} style={{ marginTop: 48 }} data-boot-near>
          <SimpleGrid cols={{ base: 1, sm: 3 }} p="xl" spacing="lg">
            {stats.map((s) => (
              <Stack key={s.label} gap={2} align="center">
                <Text className={classes.statValue}>{s.value}</Text>
                <Text fw={700}>{s.label}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </section>

        <Box my={48}>
          <AdSlot />
        </Box>
      </Container>
    </Box>
  );
}
