/** Display formats the languages share (dates and numbers are the Locale's: src/i18n/locale.ts). */
import { formatDuration as sharedFormatDuration } from '@regatta/contracts';

/**
 * h:mm:ss for the pages: the shared formatDuration (its one rounding, half up to the second) with the
 * hours unpadded, as a reader writes a race time ('' when there is none).
 */
export function formatDuration(seconds: number | null): string {
  return sharedFormatDuration(seconds)?.replace(/^(-?)0(\d)/, '$1$2') ?? '';
}
