/**
 * A response body read only up to a size, so that one address cannot make the page download and
 * hold a file of any size: past the size (announced by Content-Length, or reached while reading)
 * the body is dropped and there is no result. `signal` stops the reading too, even when the body
 * itself does not listen to it.
 */
export async function readBounded(response: Response, maxBytes: number, signal?: AbortSignal): Promise<Blob | undefined> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const reader = response.body?.getReader();
  if (!reader) return new Blob();
  let stop = () => {};
  const stopped = new Promise<never>((_, reject) => (stop = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))));
  stopped.catch(() => undefined);
  signal?.addEventListener('abort', stop);
  if (signal?.aborted) stop();
  const chunks: BlobPart[] = [];
  let size = 0;
  let complete = false;
  try {
    while (!complete) {
      const { done, value } = await Promise.race([reader.read(), stopped]);
      if (done) complete = true;
      else if ((size += value.byteLength) > maxBytes) return undefined;
      else chunks.push(value as Uint8Array<ArrayBuffer>);
    }
    return new Blob(chunks);
  } finally {
    signal?.removeEventListener('abort', stop);
    if (!complete) void reader.cancel().catch(() => undefined);
  }
}
