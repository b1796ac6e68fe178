/**
 * The console's header on a phone and on a desktop: at 375 px it is one row (the name and a Menu
 * button) and the menu opens the organization switch, the language, sign out and the navigation;
 * Escape closes it and puts the focus back on the button, and following a link closes it. At
 * 1280 px there is no Menu button and everything is in view.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

describe('console: the header at both widths', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('on a phone the header is one row; its menu opens, closes by Escape and by following a link', async () => {
    const { page, context } = await newPerson(browser, { viewport: PHONE });
    await signUp(page);
    await createOrganization(page, `Segelclub Nord ${Date.now()}`);
    const header = page.getByRole('banner');
    const menu = header.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const signOut = header.getByRole('button', { name: 'Sign out' });

    // One row: the name and Menu, about 58 px (it took ~290 px with everything in view).
    const closed = (await header.boundingBox())!;
    assert.ok(closed.height < 80, `header ${closed.height} px high at 375 px`);
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.deepEqual([await nav.isVisible(), await signOut.isVisible(), await page.getByRole('combobox', { name: 'Language' }).isVisible()], [false, false, false]);

    // By keyboard: Enter opens, Escape closes and the focus is back on Menu.
    await menu.focus();
    await page.keyboard.press('Enter');
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await nav.getByRole('link', { name: 'Members' }).waitFor();
    await page.getByRole('combobox', { name: 'Organization' }).waitFor();
    await signOut.waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'regattas screen with the menu open');
    await page.getByRole('combobox', { name: 'Language' }).focus();
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await menu.evaluate((element) => element === document.activeElement), true, 'focus returns to Menu');
    assert.equal(await nav.isVisible(), false);

    // A link in the menu leads to its screen and closes the menu.
    await menu.click();
    await nav.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(/\/members$/);
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await nav.isVisible(), false);
    assert.deepEqual(await auditBothWidths(page), [], 'members screen with the menu closed');

    // On a desktop everything is in view and there is no Menu button.
    await page.setViewportSize(DESKTOP);
    assert.equal(await menu.isVisible(), false);
    assert.deepEqual([await nav.isVisible(), await signOut.isVisible()], [true, true]);
    await context.close();
  });
});
