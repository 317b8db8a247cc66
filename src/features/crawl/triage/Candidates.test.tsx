// @vitest-environment jsdom
// The triage pane's candidates in jsdom: what a reviewer reads and presses, without a browser.
// The number keys and the buttons run the same commands (crawl.triage.assignN), so a click is
// checked against a registered stand-in of that command.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Candidate } from '@contract/crawl';
import { register } from '@/commands/registry';
import { Candidates } from './Candidates';
import type { Focus } from './triageTypes';

const candidate = (id: number, score: number, differs: Candidate['differs'] = {}): Candidate => ({
  id,
  title: `Card ${id}`,
  subtitle: `Bank ${id}`,
  score,
  differs,
});
const ready = (candidates: Candidate[]): Focus => ({ refId: 7, status: 'ready', candidates, message: null });

afterEach(cleanup);

describe('Candidates', () => {
  it('lists each candidate with its key, score and differing fields, the exact match marked', () => {
    render(
      <Candidates
        focus={ready([candidate(1, 1), candidate(2, 0.734, { annual_fee: ['AED 500', 'AED 450'] })])}
        disabled={false}
        noun="card"
      />,
    );
    const [exact, near] = within(screen.getByRole('region', { name: 'Candidates' })).getAllByRole('button');
    expect(exact.className).toContain('is-exact');
    expect(exact.textContent).toContain('Card 1');
    expect(exact.textContent).toContain('100%');
    expect(near.className).not.toContain('is-exact');
    expect(near.textContent).toContain('73%');
    // Screen readers hear what differs through the button's description.
    expect(near.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(near.getAttribute('aria-describedby')!)!.textContent).toContain(
      'annual fee: crawled AED 500, live AED 450',
    );
  });

  it('gives keys 1 to 9 only: a tenth candidate has no key and cannot be pressed', () => {
    const ten = Array.from({ length: 10 }, (_, i) => candidate(i + 1, 0.9 - i * 0.05));
    render(<Candidates focus={ready(ten)} disabled={false} noun="card" />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(10);
    expect(buttons.slice(0, 9).every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
    expect((buttons[9] as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs the numbered assign command on a click, and none while a decision is pending', () => {
    const ran: string[] = [];
    const off = register(
      ...[1, 2].map((n) => ({
        id: `crawl.triage.assign${n}`,
        title: `Assign to candidate ${n}`,
        group: 'Triage',
        scope: 'global' as const,
        palette: false,
        run: () => void ran.push(`assign${n}`),
      })),
    );
    try {
      const focus = ready([candidate(1, 0.95), candidate(2, 0.8)]);
      const { rerender } = render(<Candidates focus={focus} disabled={false} noun="card" />);
      fireEvent.click(screen.getAllByRole('button')[1]);
      expect(ran).toEqual(['assign2']);
      rerender(<Candidates focus={focus} disabled noun="card" />);
      fireEvent.click(screen.getAllByRole('button')[0]);
      expect(ran).toEqual(['assign2']);
    } finally {
      off();
    }
  });

  it('says how to create one when nothing looks alike, and shows nothing for a ref another reviewer has', () => {
    const { rerender } = render(<Candidates focus={ready([])} disabled={false} noun="outlet" />);
    expect(screen.getByRole('region', { name: 'Candidates' }).textContent).toContain(
      'No live outlet looks like this one.',
    );
    rerender(
      <Candidates
        focus={{ refId: 7, status: 'taken', candidates: [], message: 'Sara has it' }}
        disabled={false}
        noun="outlet"
      />,
    );
    expect(screen.queryByRole('region', { name: 'Candidates' })).toBeNull();
  });
});
