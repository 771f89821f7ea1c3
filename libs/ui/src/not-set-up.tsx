import type { CSSProperties } from 'react';

/** Dark brown on light amber: 9:1, well above the 4.5:1 the member pages keep. */
const STYLE: CSSProperties = {
  margin: '0 0 12px',
  padding: '10px 12px',
  borderRadius: 8,
  borderLeft: '3px solid #8a4b00',
  background: '#fff4e5',
  color: '#5c3200',
  fontSize: 14,
};

/** A channel staff have not set up yet (customer service, the group link, ...), said plainly where its link or form would be. */
export function NotSetUp({ text, testId }: { text: string; testId: string }) {
  return (
    <p style={STYLE} role="status" data-testid={testId}>
      {text}
    </p>
  );
}
