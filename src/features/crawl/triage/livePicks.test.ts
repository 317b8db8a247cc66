// The empty "Assign … to…" page lists the focused ref's candidates, then the first live records.
import { describe, expect, it } from 'vitest';
import type { Candidate } from '@contract/crawl';
import { emptyPicks } from './livePicks';

const candidate = (id: number, title: string, score: number): Candidate => ({
  id,
  title,
  subtitle: 'Dubai Mall',
  score,
  differs: {},
});

describe('emptyPicks', () => {
  it('puts the candidates first with their score, then the other live records, none twice', () => {
    const picks = emptyPicks(
      'outlet',
      [candidate(7, 'Zaatar w Zeit', 0.91), candidate(3, 'Zaatar Express', 0.4)],
      [
        { id: 1, label: 'Aroma', hint: 'Deira' },
        { id: 7, label: 'Zaatar w Zeit', hint: 'Dubai Mall' },
        { id: 9, label: 'Bateel' },
      ],
    );
    expect(picks.map((p) => p.label)).toEqual(['Zaatar w Zeit', 'Zaatar Express', 'Aroma', 'Bateel']);
    expect(picks[0].hint).toBe('91% match · Dubai Mall');
    expect(picks[0].value).toEqual({ type: 'outlet', id: 7, title: 'Zaatar w Zeit', subtitle: 'Dubai Mall' });
    expect(picks[3].value).toEqual({ type: 'outlet', id: 9, title: 'Bateel', subtitle: '' });
  });

  it('lists the first live records when the ref has no candidates, at most the limit', () => {
    const first = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, label: `Card ${i + 1}` }));
    const picks = emptyPicks('card', [], first, 20);
    expect(picks).toHaveLength(20);
    expect(picks[0]).toMatchObject({ key: '1', label: 'Card 1', value: { type: 'card', id: 1 } });
  });
});
