// @vitest-environment jsdom
// A version picked in the list (a click, an arrow key) whose text cannot be fetched: the promise
// went nowhere, so the history said "Loading version 1…" for ever and nobody was told (ui/handled.ts).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CmsVersion } from '@contract/cms';
import { ApiError } from '@/api/client';
import { cms } from './cmsModel';
import { History } from './History';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/call', () => ({ call }));
const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), message: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/ui/toast', () => ({ toast }));

const version = (n: number): CmsVersion => ({
  id: n,
  type: 'term-condition',
  version: n,
  length: 10 * n,
  created_by: 1,
  created_by_name: 'Sara',
  created_at: '2026-01-0' + n + 'T08:00:00Z',
  restored_from: null,
});

/** Version 2 picked and shown beside the current 3; fetching another version's text fails. */
function failingHistory() {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  Object.assign(cms, {
    type: 'term-condition',
    page: { ...version(3), content: '<p>now</p>' },
    versions: [version(3), version(2), version(1)],
    versionsStatus: 'ready',
    picked: 2,
    pickedText: { ...version(2), content: '<p>before</p>' },
  });
  call.mockRejectedValue(new ApiError(503, 'GET', { message: 'The database is busy.' }));
  render(<History />);
}

const told = () =>
  vi.waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith('The database is busy.', expect.objectContaining({ duration: 4000 })),
  );

afterEach(cleanup);

describe('History', () => {
  it('tells in an error toast that a clicked version could not be fetched', async () => {
    failingHistory();
    fireEvent.click(screen.getByRole('button', { name: /^v1/ }));
    await told();
    expect(call).toHaveBeenCalledOnce();
  });

  it('and one picked with the arrow keys', async () => {
    failingHistory();
    fireEvent.keyDown(screen.getByRole('list', { name: 'Versions, newest first' }), { key: 'ArrowDown' });
    await told();
    expect(call).toHaveBeenCalledOnce();
  });
});
