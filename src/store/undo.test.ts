import { afterEach, describe, expect, it } from 'vitest';
import { canUndo, dropUndo, offerUndo, takeUndo } from './undo';
import { UNDO_SECONDS } from '@contract/bulk';

afterEach(dropUndo);

describe('the undo offer', () => {
  it('is taken once', () => {
    const undo = async () => 'undone';
    offerUndo(undo, 0);
    expect(canUndo(0)).toBe(true);
    expect(takeUndo(1000)).toBe(undo);
    expect(takeUndo(1000)).toBeNull();
    expect(canUndo(1000)).toBe(false);
  });

  it('is replaced by a newer write, and ends before the server forgets it', () => {
    const first = async () => 1;
    const second = async () => 2;
    offerUndo(first, 0);
    offerUndo(second, 0);
    expect(canUndo(UNDO_SECONDS * 1000)).toBe(false);
    expect(takeUndo(UNDO_SECONDS * 1000)).toBeNull();
    offerUndo(second, 0);
    expect(takeUndo(1000)).toBe(second);
  });
});
