import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({
  imported: 0,
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() },
}));
vi.mock('sonner', () => {
  sonner.imported++;
  return { toast: sonner.toast, Toaster: () => null };
});

type Facade = typeof import('./toast');
let facade: Facade;
const fake = () => sonner.toast as unknown as Parameters<Facade['toasterMounted']>[0];

beforeEach(async () => {
  vi.clearAllMocks();
  vi.resetModules();
  sonner.imported = 0;
  facade = await import('./toast');
});

describe('toast (sonner fetched on first use)', () => {
  it('fetches sonner on the first toast, not before', async () => {
    await vi.dynamicImportSettled();
    expect(sonner.imported).toBe(0);
    facade.toast.success('Saved');
    await vi.dynamicImportSettled();
    expect(sonner.imported).toBe(1);
  });

  it('answers an id at once and holds every call until the Toaster is on screen, then replays them in order', async () => {
    const { toast, toasterMounted } = facade;
    const id = toast.loading('Delete bank…');
    expect(id).toEqual(expect.any(String));
    toast.success('Bank deleted successfully!', { id, duration: 2000 });
    toast.error('Unable to delete data. Please try again later.', { duration: 4000 });
    toast.dismiss('other');
    await vi.dynamicImportSettled();
    // sonner has arrived, but its Toaster has not mounted: a toast sent now would be lost.
    expect(sonner.toast.loading).not.toHaveBeenCalled();

    toasterMounted(fake());
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder[0];
    expect(sonner.toast.loading).toHaveBeenCalledWith('Delete bank…', { id });
    expect(sonner.toast.success).toHaveBeenCalledWith('Bank deleted successfully!', { id, duration: 2000 });
    expect(sonner.toast.error).toHaveBeenCalledWith('Unable to delete data. Please try again later.', {
      id: expect.any(String),
      duration: 4000,
    });
    expect(sonner.toast.dismiss).toHaveBeenCalledWith('other');
    expect(order(sonner.toast.loading)).toBeLessThan(order(sonner.toast.success));
    expect(order(sonner.toast.success)).toBeLessThan(order(sonner.toast.error));
    expect(order(sonner.toast.error)).toBeLessThan(order(sonner.toast.dismiss));
    // Each waiting call is replayed once.
    toasterMounted(fake());
    expect(sonner.toast.success).toHaveBeenCalledTimes(1);
  });

  it('sends straight to a mounted Toaster, and waits again once it is gone', () => {
    const { toast, toasterMounted } = facade;
    const unmount = toasterMounted(fake());
    toast.success('Order saved', { id: 'homepage.move' });
    expect(sonner.toast.success).toHaveBeenCalledWith('Order saved', { id: 'homepage.move' });

    unmount();
    toast.success('Later');
    expect(sonner.toast.success).toHaveBeenCalledTimes(1);
    toasterMounted(fake());
    expect(sonner.toast.success).toHaveBeenLastCalledWith('Later', { id: expect.any(String) });
  });

  it('gives distinct ids to toasts that bring none', () => {
    const { toast } = facade;
    expect(toast.success('a')).not.toBe(toast.success('b'));
  });
});
