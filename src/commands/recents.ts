// Recently run commands, newest first, for the top of the palette.
import { storage } from '../store/storage';

const KEY = 'recentCommands';
const MAX = 5;

export function recentIds(): string[] {
  try {
    const v = JSON.parse(storage.get(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function recordRecent(id: string): void {
  storage.set(KEY, JSON.stringify([id, ...recentIds().filter((x) => x !== id)].slice(0, MAX)));
}
