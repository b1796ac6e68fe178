/**
 * What is kept of a receiver's answer to a delivery attempt: the first RESPONSE_EXCERPT_BYTES bytes
 * of its body as text, whether more was sent, and its content type. The rule:
 * - at most `limit` bytes are kept; `truncated` is true when the receiver sent more (or the body was
 *   still arriving when the attempt ended);
 * - a cut never splits a UTF-8 character: an incomplete sequence at the end of a truncated excerpt
 *   is dropped, so the text is shorter than `limit` bytes by up to 3;
 * - a body that is not UTF-8 text (an invalid sequence, or a NUL byte, which no text column holds)
 *   keeps no text: `body` is null and `binary` is true;
 * - the content type is kept as sent, cut to CONTENT_TYPE_MAX characters.
 */
export const RESPONSE_EXCERPT_BYTES = 2048;
export const CONTENT_TYPE_MAX = 200;

export interface ResponseExcerpt {
  /** The excerpt as text; null when the body is binary. An empty body is ''. */
  body: string | null;
  truncated: boolean;
  binary: boolean;
  contentType: string | null;
}

/**
 * `received` holds at most the bytes read so far (the reader may stop after limit + 1 bytes);
 * `complete` is false when the body was still arriving (the attempt's time ran out).
 */
export function responseExcerpt(
  received: Uint8Array,
  complete: boolean,
  contentType: string | undefined,
  limit = RESPONSE_EXCERPT_BYTES,
): ResponseExcerpt {
  const truncated = received.length > limit || !complete;
  let kept = received.subarray(0, Math.min(received.length, limit));
  if (truncated) kept = kept.subarray(0, completeUtf8Length(kept));
  const type = contentType ? contentType.slice(0, CONTENT_TYPE_MAX) : null;
  const text = decodeText(kept);
  return text === undefined ? { body: null, truncated, binary: true, contentType: type } : { body: text, truncated, binary: false, contentType: type };
}

/** The length of `bytes` without an incomplete UTF-8 sequence at its end (a cut character). */
export function completeUtf8Length(bytes: Uint8Array): number {
  // Walk back over at most 3 continuation bytes (10xxxxxx) to the lead byte of the last character.
  let start = bytes.length;
  for (let back = 1; back <= 4 && bytes.length - back >= 0; back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) !== 0x80) {
      start = bytes.length - back;
      const needed = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return back >= needed ? bytes.length : start;
    }
  }
  return bytes.length;
}

function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
