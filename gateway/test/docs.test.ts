/**
 * The API reference at /api/v1/docs in a real headless Chromium (Debian's package, CHROMIUM_PATH or
 * PATH), with every request to another origin than the gateway's failed: the reference renders from
 * the gateway's own files and document alone (works offline, no CDN, fonts or validator badge), "try
 * it out" answers from the gateway, and nothing the page does leaves the gateway's origin. Also the
 * HTTP side: caching (ETag, immutable hashed links), gzip, the page's CSP, the no-script fallback.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { gatewayUrl } from '@regatta/testing';

const gateway = gatewayUrl();
const origin = new URL(gateway).origin;

function chromiumPath(): string {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured) return configured;
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
}

/** The page's text from top to bottom, scrolled one viewport at a time (virtualized rows render only in view). */
async function readWholePage(page: Page): Promise<string> {
  const seen: string[] = [];
  for (let step = 0; step < 400; step++) {
    seen.push(await page.evaluate(() => document.body.innerText));
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight);
      return window.scrollY !== before;
    });
    if (!moved) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return seen.join('\n');
}

describe('the API reference at /api/v1/docs', () => {
  let browser: Browser;

  before(async () => {
    browser = await puppeteer.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check'],
    });
  });

  after(async () => {
    await browser?.close();
  });

  test('renders in Chromium from the gateway alone: every request to another host fails, and none is made', async () => {
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    const served: Array<{ path: string; status: number }> = [];
    const problems: string[] = [];
    try {
      await page.setRequestInterception(true);
      page.on('request', (request: HTTPRequest) => {
        const url = request.url();
        // data: URLs (Swagger UI's inline SVG icons) are no network request.
        if (url.startsWith('data:') || new URL(url).origin === origin) {
          void request.continue();
          return;
        }
        elsewhere.push(`${request.method()} ${url}`);
        void request.abort('blockedbyclient');
      });
      page.on('response', (response) => {
        if (!response.url().startsWith('data:')) served.push({ path: response.url().slice(origin.length), status: response.status() });
      });
      page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      await page.evaluateOnNewDocument(() => {
        document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
      });

      const response = await page.goto(`${gateway}/api/v1/docs`, { waitUntil: 'networkidle0' });
      assert.equal(response?.status(), 200);
      // Operations are listed with their summary and operationId, grouped by tag. From 150 tags and
      // operations on, Swagger UI (5.35) renders the list virtualized: only the rows near the viewport
      // are in the page, so the whole reference is read by scrolling it from top to bottom.
      await page.waitForSelector('.opblock-tag', { timeout: 20_000 });
      const text = await readWholePage(page);
      for (const expected of ['Regatta Management API', 'Create an embed token', 'createEmbedToken', 'getEntryForm', 'listMyBoats', 'getEventStandings', '/api/v1/events/{slug}/races/{raceId}/results']) {
        assert.ok(text.includes(expected), `the reference shows ${expected}`);
      }

      // "Try it out" on GET /api/v1/health: the request goes to the gateway, the answer is shown.
      // Back at the top, the virtualized list renders the first rows again.
      await page.waitForSelector('#operations-Health-getHealth .opblock-summary-control', { timeout: 5_000 });
      await page.click('#operations-Health-getHealth .opblock-summary-control');
      await page.waitForSelector('#operations-Health-getHealth .try-out__btn', { timeout: 5_000 });
      await page.click('#operations-Health-getHealth .try-out__btn');
      await page.waitForSelector('#operations-Health-getHealth .execute', { timeout: 5_000 });
      await page.click('#operations-Health-getHealth .execute');
      const answered = await page
        .waitForFunction(() => document.querySelector('#operations-Health-getHealth .live-responses-table tbody .response-col_status')?.textContent?.trim() === '200', { timeout: 10_000 })
        .then(() => true, () => false);
      assert.ok(answered, `"try it out" shows the gateway's 200: ${await page.$eval('#operations-Health-getHealth', (element) => (element as HTMLElement).innerText.slice(0, 800))}`);

      assert.deepEqual(elsewhere, [], 'no request left the gateway origin');
      assert.deepEqual(problems, []);
      const paths = served.map((entry) => entry.path.split('?')[0]);
      for (const path of ['/api/v1/docs', '/api/v1/docs/assets/swagger-ui-bundle.js', '/api/v1/docs/assets/swagger-ui.css', '/api/v1/docs/assets/docs-init.js', '/api/v1/openapi.json', '/api/v1/health']) {
        assert.ok(paths.includes(path), `the page loaded ${path}`);
      }
      assert.deepEqual(served.filter((entry) => entry.status >= 400), [], 'every request the page made succeeded');
    } finally {
      await page.close();
    }
  });

  test('the page: a CSP keeping the browser on the gateway, revalidated by ETag, the operation table without JavaScript', async () => {
    const response = await fetch(`${gateway}/api/v1/docs`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "img-src 'self' data:"]) assert.ok(csp.includes(directive), `CSP has ${directive}`);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    const html = await response.text();
    assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, 'no inline script');
    assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//, 'every link stays on the gateway');
    const noscript = /<noscript>([\s\S]*)<\/noscript>/.exec(html)?.[1] ?? '';
    assert.match(noscript, /<code>POST<\/code><\/td><td><code>\/api\/v1\/embed-tokens<\/code>/);
    assert.match(noscript, /href="\/api\/v1\/openapi.json"/);

    const etag = response.headers.get('etag');
    assert.ok(etag);
    assert.equal((await fetch(`${gateway}/api/v1/docs`, { headers: { 'if-none-match': etag } })).status, 304);
  });

  test('assets: from swagger-ui-dist, immutable under their hashed link, ETag, gzip; anything else is 404', async () => {
    const html = await (await fetch(`${gateway}/api/v1/docs`)).text();
    const link = /src="(\/api\/v1\/docs\/assets\/swagger-ui-bundle\.js\?v=[^"]+)"/.exec(html)?.[1];
    assert.ok(link, 'the page links the bundle with its hash');

    const hashed = await fetch(`${gateway}${link}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(hashed.status, 200);
    assert.match(hashed.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(hashed.headers.get('content-encoding'), 'gzip');
    assert.match(await hashed.text(), /SwaggerUIBundle/);
    const etag = hashed.headers.get('etag');
    assert.ok(etag);

    const unhashed = await fetch(`${gateway}/api/v1/docs/assets/swagger-ui-bundle.js`, { headers: { 'if-none-match': etag } });
    assert.equal(unhashed.status, 304);
    assert.equal(unhashed.headers.get('cache-control'), 'public, max-age=3600');

    for (const path of ['/api/v1/docs/assets/index.html', '/api/v1/docs/assets/..%2Fpackage.json', '/api/v1/docs/assets/swagger-ui-bundle.js.map']) {
      const missing = await fetch(`${gateway}${path}`);
      assert.equal(missing.status, 404, path);
      assert.match(missing.headers.get('content-type') ?? '', /application\/problem\+json/);
    }
    const post = await fetch(`${gateway}/api/v1/docs/assets/swagger-ui.css`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
  });
});
