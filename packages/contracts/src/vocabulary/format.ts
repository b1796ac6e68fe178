/**
 * Seconds as "HH:MM:SS" (hours may exceed 24), rounded half up to the whole second as corrected times
 * are (RRS A7 ties are on the rounded time); null, undefined and non-finite values give null.
 */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const sign = seconds < 0 ? '-' : '';
  // 1e-9 absorbs binary error in values like 0.5 computed as 0.49999999999.
  const total = Math.floor(Math.abs(seconds) + 0.5 + 1e-9);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
