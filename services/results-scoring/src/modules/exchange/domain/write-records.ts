/**
 * The record layer of the writer: the exact text Sailwave writes, one record a line,
 *
 *   "key","value","competitor handle","race handle"CRLF
 *
 * every field double-quoted with `""` for a quote inside (reader.ts is the inverse), and the bytes in
 * Windows-1252 (Sailwave's code page) when every character has a byte there, else UTF-8 (which
 * reader.ts recognises by its validity, and Sailwave 2.3x reads).
 */
import type { SailwaveEncoding } from './reader.js';

export class BlwRecordWriter {
  private readonly lines: string[] = [];

  /** One record; numbers are written as Sailwave does (no exponent, no trailing zeros). */
  add(key: string, value: string | number | null | undefined, comp: string | number = '', race: string | number = ''): void {
    const text = value === null || value === undefined ? '' : typeof value === 'number' ? blwNumber(value) : value;
    this.lines.push(`${quote(key)},${quote(text)},${quote(String(comp))},${quote(String(race))}`);
  }

  get count(): number {
    return this.lines.length;
  }

  text(): string {
    return this.lines.map((l) => `${l}\r\n`).join('');
  }
}

function quote(field: string): string {
  return `"${field.replace(/"/g, '""')}"`;
}

/** 1.05 → "1.05", 3 → "3", 2.3333333 → "2.3333333" (at most 7 decimals, as Sailwave keeps). */
export function blwNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  return String(Number(n.toFixed(7)));
}

let toCp1252: Map<string, number> | undefined;

function cp1252Table(): Map<string, number> {
  if (toCp1252) return toCp1252;
  const decoder = new TextDecoder('windows-1252');
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) {
    const ch = decoder.decode(new Uint8Array([b]));
    if (!table.has(ch)) table.set(ch, b);
  }
  toCp1252 = table;
  return table;
}

/** The file's bytes: Windows-1252 when it can hold every character, else UTF-8. */
export function encodeBlw(text: string): { bytes: Uint8Array; encoding: SailwaveEncoding } {
  const table = cp1252Table();
  const out = new Uint8Array(text.length);
  let i = 0;
  for (const ch of text) {
    const b = table.get(ch);
    if (b === undefined) return { bytes: new TextEncoder().encode(text), encoding: 'utf-8' };
    out[i++] = b;
  }
  return { bytes: out.subarray(0, i), encoding: 'windows-1252' };
}

/**
 * Seconds of the day → "19:15:00" (Sailwave's clock form; a day or more wraps). Fractions of a
 * second are kept ("19:15:00.25"): rounding them away could reorder or tie close finishes.
 */
export function clockText(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  return hms(((ms % 86_400_000) + 86_400_000) % 86_400_000, true);
}

/** Elapsed seconds → "1:31:56" (hours unpadded, as Sailwave writes `rele`/`rcor`). */
export function durationText(seconds: number): string {
  return hms(Math.max(0, Math.round(seconds * 1000)), false);
}

function hms(ms: number, padHours: boolean): string {
  const whole = Math.floor(ms / 1000);
  const frac = ms % 1000;
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(whole / 3600);
  const tail = frac === 0 ? '' : `.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
  return `${padHours ? pad(h) : h}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}${tail}`;
}

/** UTC time of day of a date, in seconds. */
export function secondsOfDay(d: Date): number {
  return d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds() + d.getUTCMilliseconds() / 1000;
}
