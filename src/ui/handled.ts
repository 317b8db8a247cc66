// An event handler that starts async work (a form's submit awaiting its command): React drops
// what a handler returns, so a rejection there would pass unseen. handled() says it instead,
// as the runner says a command's failure (src/commands/runner.ts).
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { toast } from './toast';

/** The product's error toast lasts 4 s (TOAST_MS.error in src/commands/runner.ts). */
const ERROR_MS = 4000;

/** A failure nobody awaits: logged, and told in an error toast (an aborted call is nobody's failure). */
export function reportFailure(error: unknown): void {
  if (error instanceof ApiError && error.aborted) return;
  console.error(error);
  toast.error(error instanceof ApiError ? errorText(error.method, error.body) : errorText(undefined, null), {
    id: 'failed:handler',
    duration: ERROR_MS,
  });
}

/** `onClick={handled(save)}`: the handler React calls returns nothing, and `save`'s rejection is reported. */
export const handled =
  <A extends unknown[]>(fn: (...args: A) => Promise<unknown>) =>
  (...args: A): void => {
    fn(...args).catch(reportFailure);
  };
