// Text an administrator typed (a tournament's rules) shown as they typed it: line breaks kept and
// https links made clickable (underlined: inside text, colour alone does not mark a link), and
// nothing else. Every piece is a React text node or an <a>, so no part of the text can become HTML.
import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';

// An https URL up to the next whitespace; trailing punctuation ends a sentence, not the link.
const LINK = /https:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'}]/g;

/** The text split into plain pieces and links, in order. */
export function linkPieces(text: string): { text: string; href?: string }[] {
  const pieces: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

export function PlainText({ text, ...props }: { text: string } & React.ComponentProps<typeof Text>) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {linkPieces(text).map((piece, i) =>
        piece.href ? (
          <Anchor key={i} href={piece.href} target="_blank" rel="noopener noreferrer nofollow" underline="always">
            {piece.text}
          </Anchor>
        ) : (
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </Text>
  );
}
