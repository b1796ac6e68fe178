/**
 * Sends an export as the answer to a GET or HEAD, through the same conditional GET as the JSON
 * (packages/http/src/conditional-get.ts): a strong ETag over the exact bytes sent, If-None-Match
 * answered with 304, `Cache-Control: private, no-cache`. That holds for the PDF too, whose bytes are
 * deterministic (pdf.ts). `Vary: Accept` because the same URL answers in several media types.
 */
import { sendConditionalJson } from '@regatta/http';
import { renderCsv } from './csv.js';
import { renderHtml } from './html.js';
import type { ExportFormat } from './negotiate.js';
import { renderPdf } from './pdf.js';
import type { ExportTable } from './table.js';

type Req = Parameters<typeof sendConditionalJson>[0];
type Res = Parameters<typeof sendConditionalJson>[1];

/** The sheet may only style itself: no script, no request anywhere, not framed by another site. */
const HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A file name safe in a quoted Content-Disposition parameter (slugs already are). */
export function safeFilename(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned.slice(0, 120) || 'export';
}

/** Marks a response whose representation the Accept header chose (the JSON ones too). */
export function varyOnAccept(res: Res): void {
  const vary = res.getHeader('Vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/\baccept\b/i.test(current)) res.setHeader('Vary', current ? `${current}, Accept` : 'Accept');
}

export async function renderExport(table: ExportTable, format: Exclude<ExportFormat, 'json'>): Promise<{ body: string | Buffer; contentType: string; disposition: string }> {
  const name = safeFilename(table.filename);
  switch (format) {
    case 'csv':
      return { body: renderCsv(table), contentType: 'text/csv; charset=utf-8; header=present', disposition: `attachment; filename="${name}.csv"` };
    case 'html':
      // Opened in the browser to read and print, not saved: inline.
      return { body: renderHtml(table), contentType: 'text/html; charset=utf-8', disposition: `inline; filename="${name}.html"` };
    case 'pdf':
      return { body: await renderPdf(table), contentType: 'application/pdf', disposition: `attachment; filename="${name}.pdf"` };
  }
}

export async function sendExport(req: Req, res: Res, table: ExportTable, format: Exclude<ExportFormat, 'json'>): Promise<void> {
  const { body, contentType, disposition } = await renderExport(table, format);
  varyOnAccept(res);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', disposition);
  if (format === 'html') res.setHeader('Content-Security-Policy', HTML_CSP);
  sendConditionalJson(req, res, body);
}
