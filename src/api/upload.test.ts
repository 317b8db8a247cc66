import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onUnauthorized, setTokenSource } from './client';
import { importResultOf, uploadCsv } from './csvUpload';

/** A stand-in XMLHttpRequest: records what was sent, answers what the test says. */
class FakeXhr {
  static last: FakeXhr;
  static answer: { status: number; text: string } = { status: 200, text: '{}' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseType = '';
  upload: {
    onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void;
    onload?: () => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onload?.();
      this.status = FakeXhr.answer.status;
      this.responseText = FakeXhr.answer.text;
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setTokenSource(() => 'tok-9');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(() => null);
});

const file = new Blob(['title\nx\n'], { type: 'text/csv' });

describe('uploadCsv', () => {
  it('posts type and file as multipart with the bearer token and X-Requested-With, reporting progress', async () => {
    FakeXhr.answer = {
      status: 200,
      text: JSON.stringify({ success: true, message: 'Imported 1 offers.', invalid_data: [] }),
    };
    const progress: number[] = [];
    const res = await uploadCsv('offers', file, 'offers.csv', { onProgress: (f) => progress.push(f) });
    expect(res.message).toBe('Imported 1 offers.');
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/admin/v1/add_csv']);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer tok-9', 'X-Requested-With': 'XMLHttpRequest' });
    const form = xhr.body as FormData;
    expect(form.get('type')).toBe('offers');
    expect((form.get('file') as File).name).toBe('offers.csv');
    expect(progress).toEqual([0.5, 1]);
  });

  it('throws a typed ApiError carrying the import result on 422', async () => {
    const body = {
      success: false,
      error: 'An error occurred',
      message: '1 row has errors; nothing was imported.',
      invalid_data: [{ row: 3, column: 'valid_to', message: 'bad' }],
    };
    FakeXhr.answer = { status: 422, text: JSON.stringify(body) };
    const err = await uploadCsv('offers', file, 'o.csv').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).method).toBe('POST');
    expect(importResultOf(err)?.invalid_data).toHaveLength(1);
  });

  it('tells the session about a 401 and marks an abort as aborted', async () => {
    FakeXhr.answer = { status: 401, text: '{"message":"Unauthorized"}' };
    const seen = vi.fn();
    const off = onUnauthorized(seen);
    await uploadCsv('cards', file, 'c.csv').catch(() => undefined);
    off();
    expect(seen).toHaveBeenCalledOnce();

    const abort = new AbortController();
    abort.abort();
    const err = await uploadCsv('cards', file, 'c.csv', { signal: abort.signal }).catch((e: unknown) => e);
    expect((err as ApiError).aborted).toBe(true);
    expect(importResultOf(new Error('x'))).toBeNull();
  });
});
