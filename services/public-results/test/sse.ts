/** A small Server-Sent Events client for tests (fetch + stream parsing), with waits on message types. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: any;
}

export interface SseStream {
  status: number;
  headers: Headers;
  messages: SseMessage[];
  comments: number;
  /** Resolves with the first message after index `from` matching the predicate. */
  next(predicate: (message: SseMessage) => boolean, timeoutMs?: number, from?: number): Promise<SseMessage>;
  close(): void;
  body: string;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    messages,
    comments: 0,
    body: '',
    async next(predicate, timeoutMs = 10_000, from = 0) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = messages.slice(from).find(predicate);
        if (hit) return hit;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching SSE message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => [m.id, m.event]))}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close() {
      controller.abort();
    },
  };
  if (!response.ok || !response.body) {
    stream.body = await response.text();
    return stream;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = { id: undefined as string | undefined, event: 'message', data: [] as string[] };
          let comment = true;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) continue;
            comment = false;
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'id') fields.id = value;
            else if (name === 'event') fields.event = value;
            else if (name === 'data') fields.data.push(value);
          }
          if (comment) stream.comments += 1;
          else if (fields.data.length > 0) messages.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data.join('\n')) });
          for (const wake of [...waiters]) wake();
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}
