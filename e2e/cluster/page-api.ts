import type { Page } from '@playwright/test';
import type { ApiClient } from '../support';

// An API client that sends from inside a browser page, with the page's cookies. Playwright's
// own request client runs in the test runner's network namespace, which has no path into the
// cluster lab; the browsers do. The page must be on the clinic's origin (any page of it).

type Part = string | { name: string; mimeType: string; base64: string };

export function pageApi(page: Page): ApiClient {
  return {
    async post(url, options = {}) {
      const multipart = options.multipart
        ? Object.entries(options.multipart).map(([field, value]): [string, Part] => [
            field,
            typeof value === 'string'
              ? value
              : {
                  name: value.name,
                  mimeType: value.mimeType,
                  base64: value.buffer.toString('base64'),
                },
          ])
        : undefined;
      const answer = await page.evaluate(
        async ({ url, headers, data, multipart }) => {
          let body: BodyInit | undefined;
          const sent: Record<string, string> = { ...headers };
          if (multipart) {
            const form = new FormData();
            for (const [field, value] of multipart) {
              if (typeof value === 'string') form.append(field, value);
              else {
                const bytes = Uint8Array.from(atob(value.base64), (c) => c.charCodeAt(0));
                form.append(field, new Blob([bytes], { type: value.mimeType }), value.name);
              }
            }
            body = form;
          } else if (data !== undefined) {
            body = JSON.stringify(data);
            sent['content-type'] = 'application/json';
          }
          const res = await fetch(url, { method: 'POST', headers: sent, body });
          return { status: res.status, text: await res.text() };
        },
        { url, headers: options.headers, data: options.data, multipart },
      );
      return {
        status: () => answer.status,
        text: async () => answer.text,
        json: async () => JSON.parse(answer.text) as unknown,
      };
    },
  };
}

/** A GET from inside the page: the status, the body's bytes and, when it is JSON, its value. */
export async function pageGet(page: Page, url: string) {
  const answer = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      base64: btoa(binary),
    };
  }, url);
  const bytes = Buffer.from(answer.base64, 'base64');
  const json: unknown = answer.type.includes('json') ? JSON.parse(bytes.toString('utf8')) : null;
  return { status: answer.status, bytes, json };
}
