/**
 * A newcomer's first minutes in the console, in a real Chromium: the console asks them to sign in,
 * they create an account, create their club, sign out and back in, and a deep link opens after
 * sign-in. A refusal (a wrong password, an e-mail in use) shows next to the form with nothing lost.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { auditBothWidths, createOrganization, launch, newPerson, openMenu, PASSWORD, signIn, signUp, uniqueEmail } from './harness.js';

describe('console: account and organizations', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('sign up, create a club, sign out, sign in again at a deep link', async () => {
    const { page, context } = await newPerson(browser);
    await page.goto('/console/');
    await page.getByRole('heading', { name: 'Sign in to the regatta console' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'sign-in screen');

    const email = uniqueEmail();
    await signUp(page, 'Sam Secretary', email);
    assert.deepEqual(await auditBothWidths(page), [], 'organizations screen');
    const slug = await createOrganization(page, `Harbour Sailing Club ${Date.now()}`);
    assert.match(slug, /^harbour-sailing-club/);
    await page.getByRole('combobox', { name: 'Organization', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the regatta console' }).waitFor();

    // A deep link: signed out, it asks for sign-in first, then opens the screen asked for.
    await page.goto(`/console/orgs/${slug}/regattas`);
    await page.waitForURL(/\/console\/sign-in\?next=/);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Request ID: \S+/);
    assert.equal(await page.getByLabel('E-mail address').inputValue(), email, 'the typed e-mail is kept after a refusal');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/console/orgs/${slug}/regattas$`));
    await context.close();
  });

  test('an e-mail already in use is refused on the sign-up form, and the form checks the password length first', async () => {
    const { page, context } = await newPerson(browser, { viewport: { width: 375, height: 800 } });
    const { email } = await signUp(page);
    await openMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the regatta console' }).waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Second Person');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The password needs at least 10 characters.').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByLabel('Your name').inputValue(), 'Second Person');
    await context.close();
  });

  test('signIn helper works for an existing account', async () => {
    const { page, context } = await newPerson(browser);
    const { email } = await signUp(page);
    await context.clearCookies();
    await signIn(page, email);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await context.close();
  });
});
