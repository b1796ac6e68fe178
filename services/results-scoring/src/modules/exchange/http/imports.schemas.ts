/** Input of the import route, validated at the edge: the organization in the path, the file's name in the query. */
import { z } from 'zod';

export const importParams = z.object({ slug: z.string().min(1).max(200) });

/** `fileName` names the file in the revisions' reason and the import's record (default "upload.blw"). */
export const importQuery = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(200)
    .regex(/^[^\u0000-\u001f\u007f/\\]+$/, 'must be a file name (no path separators or control characters)')
    .optional(),
});

/** The file name of a Content-Disposition header (`filename="x.blw"`), when a client sends one instead. */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /filename\s*=\s*(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(header);
  const name = (match?.[1] ?? match?.[2])?.split(/[\\/]/).pop()?.trim();
  return name && /^[^\u0000-\u001f\u007f]+$/.test(name) ? name : undefined;
}
