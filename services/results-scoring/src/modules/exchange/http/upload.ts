/**
 * Reads an uploaded Sailwave file from the request stream. What the body is comes first: the first
 * 4 kB are judged as soon as they arrive (junk, JSON, another program's CSV stop there, whatever their
 * size: 400 sailwave_not_sailwave); then its size: a declared Content-Length over the limit stops
 * reading at once, an undeclared one (chunked) stops at the limit (413 sailwave_too_large). The rest of
 * a refused body is not read (the answer closes the connection).
 */
import type { Request } from 'express';
import { problem, type HttpProblem } from '@regatta/http';
import { SAILWAVE_HEAD_BYTES, checkHead } from '../domain/parse.js';

/** Media types the import takes as the raw file; the file's own encoding is detected (a charset parameter is ignored). */
export const UPLOAD_MEDIA_TYPES = ['application/octet-stream', 'text/plain', 'text/csv'] as const;

export function checkUploadMediaType(req: Request): void {
  const type = (req.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
  if (!(UPLOAD_MEDIA_TYPES as readonly string[]).includes(type)) {
    throw problem('unsupported_media_type', `Send the .blw file itself as the body, with Content-Type ${UPLOAD_MEDIA_TYPES.join(', ')}; "${type.slice(0, 60)}" is not accepted (multipart forms are not).`);
  }
}

function tooLarge(maxBytes: number, what: string): HttpProblem {
  return problem('sailwave_too_large', `${what}; the import accepts at most ${maxBytes} bytes (Sailwave files are rarely over 1 MB).`);
}

/**
 * Stops keeping the body: what still arrives is discarded as it comes (nothing is stored or parsed).
 * The answer goes out at once; the connection is not cut, since a proxy still writing the body would
 * turn the cut into a 502 instead of this answer.
 */
function stopReading(req: Request): void {
  req.resume();
}

export async function readUpload(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  const declaredTooLarge = Number.isFinite(declared) && declared > maxBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  let headChecked = false;
  const judgeHead = (complete: boolean): void => {
    headChecked = true;
    const head = Buffer.concat(chunks).subarray(0, SAILWAVE_HEAD_BYTES).toString('latin1');
    const error = checkHead(head, complete);
    if (error !== null) throw problem('sailwave_not_sailwave', `Not a Sailwave file (line ${error.line ?? 1}): ${error.message}`, { errors: [{ field: `body line ${error.line ?? 1}`, message: error.message }] });
  };
  try {
    // Leaving the loop early must not destroy the socket the answer goes out on.
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      chunks.push(chunk);
      if (!headChecked && size >= SAILWAVE_HEAD_BYTES) judgeHead(false);
      if (headChecked && declaredTooLarge) throw tooLarge(maxBytes, `The body is ${declared} bytes`);
      if (size > maxBytes) throw tooLarge(maxBytes, `The body passed ${maxBytes} bytes`);
    }
  } catch (error) {
    stopReading(req);
    throw error;
  }
  if (size === 0) throw problem('sailwave_empty', 'The body is empty: send the .blw file as the request body.');
  if (!headChecked) judgeHead(true);
  return Buffer.concat(chunks, size);
}
