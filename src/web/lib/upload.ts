import { ApiError } from './api-client';

export interface UploadOptions {
  /** Called with 0–100 as the file goes up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress
 * (patient-side.md §7: "Progress is tracked"). Errors are the api client's: an `ApiError`
 * for a non-OK answer, a `TypeError` when the server cannot be reached.
 */
export function uploadForm<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && opts.onProgress)
        opts.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, text));
        return;
      }
      opts.onProgress?.(100);
      const type = xhr.getResponseHeader('content-type') ?? '';
      try {
        resolve((type.includes('application/json') && text ? JSON.parse(text) : text) as T);
      } catch {
        resolve(text as T);
      }
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
