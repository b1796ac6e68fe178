/**
 * A real headless Chromium (Debian's package, found through CHROMIUM_PATH or PATH) driven by
 * puppeteer-core, plus a tiny host site on another origin for the widget, and an axe-core audit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export function chromiumPath(): string {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured) return configured;
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
}

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check'],
  });
}

export interface HostSite {
  /** The site's own origin (its own port). */
  origin: string;
  /** Serves `html` at `path` from now on (its origin is known first, so a token can allow it). */
  page(path: string, html: string): void;
  close(): Promise<void>;
}

/** A club's web site: a server on its own port, hence its own origin, serving the pages it is given. */
export async function hostSite(): Promise<HostSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const page = pages.get((req.url ?? '/').split('?')[0]!);
    if (page === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    page: (path, html) => pages.set(path, html),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A club's page with the widget; `lang` is the page's language (the widget speaks it when it can). */
export function widgetHostPage(gateway: string, attributes: Record<string, string>, lang = 'en'): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Club site</title>
<script src="${gateway}/embed/v1/regatta-widget.js" async></script></head>
<body><main><h1>Our club's results</h1><regatta-results ${attrs}></regatta-results></main></body></html>`;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: unknown[] }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The widget's shadow-root text, and its state attributes. */
export async function widgetState(page: Page): Promise<{ text: string; state: string | undefined; updatedAt: string | undefined; alertCode: string | null }> {
  return page.$eval('regatta-results', (element) => {
    const el = element as HTMLElement;
    const root = el.shadowRoot;
    const alert = root?.querySelector('[role="alert"]');
    return { text: root?.textContent ?? '', state: el.dataset['state'], updatedAt: el.dataset['updatedAt'], alertCode: alert?.getAttribute('data-code') ?? null };
  });
}
