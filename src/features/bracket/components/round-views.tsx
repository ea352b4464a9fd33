// A section's rounds: side by side with connecting lines on a desktop, one round at a time behind tabs
// on a phone (Mantine Tabs: arrow keys move between rounds, no swiping). Each round is an ordered list
// named after the round.
import { Tabs, Title } from '@mantine/core';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import type { Round } from '@/features/bracket/components/bracket-layout';
import { MatchItem } from '@/features/bracket/components/match-item';
import classes from '@/features/bracket/components/bracket.module.css';
import '@mantine/core/styles/Tabs.css';

type Props = { rounds: Round[]; teams: Map<string, BracketTeam>; onOpen: (match: Match) => void };

export function RoundColumns({ rounds, teams, onOpen }: Props) {
  return (
    <div className={classes.tree}>
      {rounds.map((round, i) => {
        const headingId = `round-${round.key}`;
        return (
          <div key={round.key} className={classes.column}>
            <Title order={4} size="h6" id={headingId} c="dimmed" tt="uppercase" mb={4}>
              {round.label}
            </Title>
            <ol
              className={classes.round}
              aria-labelledby={headingId}
              data-join={round.join}
              data-from={i > 0 && rounds[i - 1]!.join !== 'none'}
            >
              {round.matches.map((m) => (
                <li key={m.id} className={classes.slot}>
                  <MatchItem match={m} teams={teams} onOpen={onOpen} />
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );
}

export function RoundTabs({ rounds, teams, onOpen }: Props) {
  const first = rounds.find((r) => r.matches.some((m) => m.state !== 'done' && !m.is_bye)) ?? rounds[0];
  if (!first) return null;
  return (
    <Tabs defaultValue={first.key} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {rounds.map((round) => (
          <Tabs.Tab key={round.key} value={round.key} style={{ flex: '0 0 auto' }}>
            {round.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {rounds.map((round) => (
        <Tabs.Panel key={round.key} value={round.key} pt="sm">
          <ol className={classes.list} aria-label={round.label}>
            {round.matches.map((m) => (
              <li key={m.id}>
                <MatchItem match={m} teams={teams} onOpen={onOpen} />
              </li>
            ))}
          </ol>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
