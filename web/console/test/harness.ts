/**
 * The console's browser tests drive Debian's Chromium with playwright-core (its own browser download
 * is never used) and find controls as a person does: by role and accessible name, or by label. Each
 * screen is audited with axe-core (no serious or critical violation) and checked for horizontal
 * scrolling at phone width.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';

export const PHONE = { width: 375, height: 800 };
export const DESKTOP = { width: 1280, height: 900 };

export function chromiumPath(): string {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured) return configured;
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check'],
  });
}

/** A fresh browser profile (no cookies) at the given width and language (sent as Accept-Language). */
export async function newPerson(browser: Browser, options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: gatewayUrl(),
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

export function uniqueEmail(prefix = 'secretary'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@club.example.org`;
}

export const PASSWORD = 'correct-horse-battery';

/** Signs up through the console's own form, as a new club secretary would. */
export async function signUp(page: Page, name = 'Sam Secretary', email = uniqueEmail()): Promise<{ email: string }> {
  await page.goto('/console/sign-up');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Organizations' }).waitFor();
  return { email };
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/console/sign-in');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
}

/** Opens the header's menu when the screen is narrow enough to fold it (a phone); no-op otherwise. */
export async function openMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** Creates an organization through the console; lands on its regattas. Returns its slug. */
export async function createOrganization(page: Page, name: string): Promise<string> {
  await page.goto('/console/orgs');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForURL(/\/console\/orgs\/[^/]+\/regattas$/);
  return new URL(page.url()).pathname.split('/')[3]!;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core over the whole page (WCAG 2.0/2.1 A and AA plus best practice): serious and critical ones. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => String(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** True when the page is wider than the viewport (a person would have to scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Audits the current screen at both widths: axe findings and sideways scrolling, described for an assertion message. */
export async function auditBothWidths(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(50);
    for (const v of await seriousViolations(page)) problems.push(`${viewport.width}px ${new URL(page.url()).pathname}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.join(' | ')}`);
    if (await scrollsSideways(page)) problems.push(`${viewport.width}px ${new URL(page.url()).pathname}: the page scrolls sideways`);
  }
  await page.setViewportSize(original);
  return problems;
}

/** Waits until this field is marked invalid (a refusal shown on it), whatever other fields say. */
export async function refusedOn(field: Locator): Promise<void> {
  const element = await field.elementHandle();
  await field.page().waitForFunction((node) => node?.getAttribute('aria-invalid') === 'true', element);
}
