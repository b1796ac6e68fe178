/**
 * Forgot password end to end in a real Chromium, with the e-mail read from the local SMTP server
 * (Mailpit): the sign-in screen's link, the request, the e-mailed link, a new password, sign-in with
 * it, and the same link refused the second time. Then the notification settings: the safety and
 * security kinds cannot be switched off, a kind switched off stays off, new entries and withdrawals
 * can come as a daily digest, and the log lists the e-mails.
 * Every screen axe-clean at 375 px and 1280 px.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { mailDetail, waitForMail } from '@regatta/testing';
import { auditBothWidths, launch, newPerson, openMenu, PASSWORD, signIn, signUp } from './harness.js';

const NEW_PASSWORD = 'a-brand-new-passphrase';

describe('console: forgot password and notification settings', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('request a link, set a new password with it, sign in; the link is refused the second time', async () => {
    const { page, context } = await newPerson(browser);
    const { email } = await signUp(page, 'Fran Forgetful');
    await context.clearCookies();

    await page.goto('/console/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'forgot-password screen');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account has this address' }).waitFor();

    const [message] = await waitForMail(email, /^Reset your password$/);
    const text = (await mailDetail(message!.ID)).Text;
    const link = /(http:\/\/\S+\/console\/reset-password\?id=[\w-]+&token=[\w-]+)/.exec(text)?.[1];
    assert.ok(link, text);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'reset-password screen');
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The password needs at least 10 characters.').waitFor();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password was changed' }).waitFor();

    await signIn(page, email, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // The same link again: refused, with a way to ask for a new one.
    await page.goto(link);
    await page.getByLabel('New password').fill(`${NEW_PASSWORD}-2`);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This link is not valid, was already used or has expired' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    // The old password no longer works.
    await context.clearCookies();
    await page.goto('/console/sign-in');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await context.close();
  });

  test('notification settings: security kinds always on, a kind switched off stays off, the log lists the e-mails', async () => {
    const { page, context } = await newPerson(browser, { viewport: { width: 375, height: 800 } });
    const { email } = await signUp(page, 'Nina Notified');
    await waitForMail(email, /Confirm your e-mail address/);
    await page.goto('/console/account');
    await openMenu(page);
    await page.getByRole('link', { name: 'Notifications: what we e-mail you, and what we sent' }).click();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    const reset = page.getByRole('checkbox', { name: /Password reset links/ });
    assert.equal(await reset.isChecked(), true);
    assert.equal(await reset.isDisabled(), true);
    const notices = page.getByRole('checkbox', { name: 'Notices and amendments on the notice board' });
    assert.equal(await notices.isChecked(), true);
    await notices.uncheck();
    // New entries and withdrawals: at once by default, or a daily digest.
    const delivery = page.getByRole('group', { name: 'How new entries and withdrawals reach you' });
    assert.equal(await delivery.getByRole('radio', { name: 'At once, one e-mail for each' }).isChecked(), true);
    await delivery.getByRole('radio', { name: /^Daily digest: one e-mail per regatta at 18:00/ }).check();
    await page.getByLabel('Language of the e-mails').selectOption('de');
    await page.getByRole('button', { name: 'Save the choices' }).click();
    await page.getByRole('status').filter({ hasText: 'Your choices are saved.' }).waitFor();
    await page.getByRole('cell', { name: 'Confirm your e-mail address' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'notifications screen');

    await page.reload();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Notices and amendments on the notice board' }).isChecked(), false);
    assert.equal(await page.getByLabel('Language of the e-mails').inputValue(), 'de');
    assert.equal(await page.getByRole('radio', { name: /^Daily digest: one e-mail per regatta at 18:00/ }).isChecked(), true);
    await context.close();
  });
});
