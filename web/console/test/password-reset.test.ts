/**
 * Forgot password end to end in a real Chromium, with the e-mail read from the local SMTP server
 * (Mailpit): the sign-in screen's link, the request, the e-mailed link, a new password, sign-in with
 * it, and the same link refused the second time. Then the notification settings: the safety and
 * security kinds cannot be switched off, a kind switched off stays off, new entries and withdrawals
 * can come as a daily digest, and the log lists the e-mails; an organizer picks the digest for one
 * of the organization's regattas and the other stays at once.
 * Every screen axe-clean at 375 px and 1280 px.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { gatewayUrl, mailDetail, waitForMail } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, openMenu, PASSWORD, signIn, signUp } from './harness.js';

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

  test("an organizer picks the daily digest for one of the organization's regattas; it is kept after reload", async () => {
    const { page, context } = await newPerson(browser, { viewport: { width: 1280, height: 900 } });
    await signUp(page, 'Olga Organizer');
    const organization = await createOrganization(page, `Digest Club ${Date.now()}`);
    const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
    const start = new Date(Date.now() + 30 * 86_400_000);
    const names = [`Autumn Cup ${Date.now()}`, `Winter Cup ${Date.now()}`];
    for (const name of names) {
      const created = await page.request.post('/api/v1/events', { headers, data: { organization, name, startDate: start.toISOString(), endDate: new Date(start.getTime() + 86_400_000).toISOString() } });
      assert.equal(created.status(), 201, await created.text());
    }
    const [digestOne, atOnceOne] = names as [string, string];
    // The notifications service learns of the membership and the regattas from their facts.
    await page.goto('/console/account/notifications');
    const regattaGroup = (name: string) => page.getByRole('group', { name, exact: true });
    for (let tries = 0; (await regattaGroup(atOnceOne).count()) === 0 || (await regattaGroup(digestOne).count()) === 0; tries += 1) {
      assert.ok(tries < 40, 'both regattas listed under "Regattas you organize"');
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Regattas you organize' }).waitFor();
    const digestRadio = (name: string) => regattaGroup(name).getByRole('radio', { name: /^Daily digest: one e-mail per regatta at 18:00/ });
    const atOnceRadio = (name: string) => regattaGroup(name).getByRole('radio', { name: 'At once, one e-mail for each' });
    assert.equal(await regattaGroup(digestOne).getByRole('checkbox', { name: 'New entries and withdrawals (organizers)' }).isChecked(), true);
    assert.equal(await atOnceRadio(digestOne).isChecked(), true, 'as in general (at once) before choosing');
    await digestRadio(digestOne).check();
    assert.deepEqual(await auditBothWidths(page), [], 'notifications screen with regattas organized');
    await page.getByRole('button', { name: 'Save the choices' }).click();
    await page.getByRole('status').filter({ hasText: 'Your choices are saved.' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Regattas you organize' }).waitFor();
    assert.equal(await digestRadio(digestOne).isChecked(), true, 'the digest kept for that regatta');
    assert.equal(await atOnceRadio(atOnceOne).isChecked(), true, 'the other regatta still at once');
    assert.equal(await page.getByRole('group', { name: 'How new entries and withdrawals reach you' }).first().getByRole('radio', { name: 'At once, one e-mail for each' }).isChecked(), true, 'the general choice unchanged');
    // Kept by the API as that regatta's own choice only.
    const answer = (await (await page.request.get('/api/v1/notifications/preferences')).json()) as { data: { regattaChoices: Array<{ kind: string; delivery: string | null }> } };
    assert.deepEqual(answer.data.regattaChoices.filter((c) => c.kind === 'organizer_entry').map((c) => c.delivery), ['digest']);
    await context.close();
  });
});
