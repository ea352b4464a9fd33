// The Game ID field of the sign-up form and the completion step: a Brawl Stars player tag.
import type { Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { PLAYER_ID_HINT, PLAYER_ID_INPUT } from '@/lib/player-rules';

export function GameIdInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      label="Game ID"
      placeholder="#ABC123XYZ"
      description={`Your Brawl Stars player tag: ${PLAYER_ID_HINT}`}
      {...PLAYER_ID_INPUT}
      autoComplete="off"
      {...props}
    />
  );
}
