// The transport for a multipart POST whose upload progress the page shows (fetch has no
// upload progress): `call` (src/api/call.ts) fetches and uses it when given onProgress. Same
// headers, same typed ApiError as client.ts.
import { ApiError, reportUnauthorized, requestHeaders } from './client';

export interface UploadOptions {
  /** 0…1 while the body is being sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function postMultipart<T>(url: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  const method = 'POST';
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, method, null, true));
    const { headers, hasToken } = requestHeaders();
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
      xhr.upload.onload = () => onProgress(1);
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      settle();
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 401 && hasToken) reportUnauthorized(body);
      reject(new ApiError(xhr.status, method, body));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, method, null)); // offline, reset connection
    };
    xhr.onabort = () => {
      settle();
      reject(new ApiError(0, method, null, true));
    };
    xhr.send(form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
