// A small circular countdown: an SVG ring that empties as the seconds run out. Drawn by hand
// because Mantine's RingProgress pulls in Tooltip and Floating UI (about 16 KB) for one circle.
import { Box, Text } from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';

export function CountdownRing({
  value,
  total,
  size = 56,
  thickness = 5,
}: {
  value: number;
  total: number;
  size?: number;
  thickness?: number;
}) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = total > 0 ? Math.max(0, Math.min(1, value / total)) : 0;
  return (
    <Box pos="relative" w={size} h={size} style={{ flexShrink: 0 }} aria-hidden>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} style={{ transform: 'rotate(-90deg)' }}>
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-dark-4)"
          strokeWidth={thickness}
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-brand-filled)"
          strokeWidth={thickness}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - filled)}
          style={{ transition: 'stroke-dashoffset 1s linear' }}
        />
      </svg>
      <Text pos="absolute" inset={0} ta="center" fw={800} size="lg" style={{ lineHeight: `${size}px` }}>
        {value}
      </Text>
    </Box>
  );
}
