import { afterEach, describe, expect, it } from 'vitest';
import { canUndo, dropUndo, offerUndo, takeUndo, undoState } from './undo';
import { UNDO_SECONDS } from '../../contract/bulk';

afterEach(dropUndo);

describe('the undo offer', () => {
  it('is taken once', () => {
    const undo = async () => 'undone';
    offerUndo('Deleted 3 offers.', undo, 0);
    expect(undoState.label).toBe('Deleted 3 offers.');
    expect(takeUndo(1000)).toBe(undo);
    expect(takeUndo(1000)).toBeNull();
    expect(undoState.label).toBeNull();
  });

  it('is replaced by a newer write, and ends before the server forgets it', () => {
    const first = async () => 1;
    const second = async () => 2;
    offerUndo('Deleted 1 offer.', first, 0);
    offerUndo('Updated 2 cards.', second, 0);
    expect(canUndo(UNDO_SECONDS * 1000)).toBe(false);
    expect(takeUndo(UNDO_SECONDS * 1000)).toBeNull();
    offerUndo('Updated 2 cards.', second, 0);
    expect(takeUndo(1000)).toBe(second);
  });
});
