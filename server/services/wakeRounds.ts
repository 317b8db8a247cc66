// A read that many wake-ups share (the live streams' hubs: server/services/events.ts,
// server/services/presence.ts): woken while idle it runs a round; woken while a round runs, it
// runs once more after it, so a wake-up is always followed by a round begun after it.

/** The wake function of `round`; a round's failure goes to `fail`, and the next wake-up tries again. */
export function wakeRounds(
  round: () => Promise<void>,
  fail: (err: unknown) => void,
  wanted: () => boolean,
): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const wake = () => {
    if (!wanted()) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch(fail)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  return wake;
}
