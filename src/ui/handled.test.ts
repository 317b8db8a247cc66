import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { handled } from './handled';

const toast = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('./toast', () => ({ toast }));

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.clearAllMocks();
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('handled', () => {
  it('hands React a function that returns nothing, and passes the arguments on', async () => {
    const fn = vi.fn(async (_a: number, _b: string) => 'saved');
    expect(handled(fn)(1, 'x')).toBeUndefined();
    await settled();
    expect(fn).toHaveBeenCalledWith(1, 'x');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says a refused call in an error toast, in the server's words, and logs it", async () => {
    const refusal = new ApiError(422, 'POST', { message: 'The name is taken.' });
    handled(() => Promise.reject(refusal))();
    await settled();
    expect(toast.error).toHaveBeenCalledWith('The name is taken.', expect.objectContaining({ duration: 4000 }));
    expect(logged).toHaveBeenCalledWith(refusal);
  });

  it('says any other failure in the generic words', async () => {
    handled(async () => {
      throw new TypeError('x is undefined');
    })();
    await settled();
    expect(toast.error).toHaveBeenCalledWith(
      'An unexpected error occurred. Please try again later.',
      expect.anything(),
    );
  });

  it('says nothing of an aborted call', async () => {
    handled(() => Promise.reject(new ApiError(0, 'GET', null, true)))();
    await settled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
