/**
 * An organization's people and profile, in a real Chromium with two people: Alex founds the club,
 * Bea has her own account. Alex adds Bea by e-mail, makes her an administrator, a member again and
 * then the club's race officer (read-only screens still, as any non-administrator), is refused when
 * he would leave the club without an administrator, and removes her; Bea sees the screens read-only
 * while she is a member. Alex edits and saves the club's profile.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { auditBothWidths, createOrganization, launch, newPerson, signUp, uniqueEmail } from './harness.js';

describe('console: organization members and profile', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  const status = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
  /** Chooses a member's role in their row and sets it. */
  const setRole = async (page: Page, name: string, role: string) => {
    await page.getByRole('combobox', { name: `Role of ${name}` }).selectOption({ label: role });
    await page.getByRole('button', { name: `Set role: ${name}` }).click();
  };

  test('add a member by e-mail, promote, demote, make a race officer, the last administrator is kept, remove', async () => {
    const alex = await newPerson(browser);
    const bea = await newPerson(browser);
    await signUp(alex.page, 'Alex Admin', uniqueEmail('alex'));
    const clubName = `Harbour Sailing Club ${Date.now()}`;
    const slug = await createOrganization(alex.page, clubName);
    const beaEmail = uniqueEmail('bea');
    await signUp(bea.page, 'Bea Member', beaEmail);

    const page = alex.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { level: 1, name: `Members of ${clubName}` }).waitFor();
    assert.equal(await page.getByRole('row').filter({ hasText: 'Alex Admin' }).getByRole('cell').nth(2).innerText(), 'Administrator');
    assert.deepEqual(await auditBothWidths(page), [], 'members screen');

    // Someone without an account cannot be added: the refusal is on the e-mail field.
    await page.getByLabel('E-mail address').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByText('No account uses this e-mail address. The person must sign up first.').first().waitFor();
    assert.match(await page.getByRole('alert').innerText(), /Request ID: \S+/);

    await page.getByLabel('E-mail address').fill(beaEmail);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Member' });
    await page.getByRole('button', { name: 'Add member' }).click();
    await status(page).getByText('Bea Member was added as Member.').waitFor();
    const beaRow = page.getByRole('row').filter({ hasText: 'Bea Member' });
    assert.equal(await beaRow.getByRole('cell').nth(1).innerText(), beaEmail);
    assert.equal(await beaRow.getByRole('cell').nth(2).innerText(), 'Member');
    assert.equal(await page.getByLabel('E-mail address').inputValue(), '', 'the form is ready for the next person');

    // Bea, a member, sees her club's people and profile but no controls.
    await bea.page.goto(`/console/orgs/${slug}/members`);
    await bea.page.getByRole('heading', { name: `Members of ${clubName}` }).waitFor();
    await bea.page.getByText('Only administrators of this organization can add members').waitFor();
    assert.equal(await bea.page.getByRole('button', { name: /^Set role/ }).count(), 0);
    assert.equal(await bea.page.getByRole('combobox', { name: /^Role of/ }).count(), 0);
    assert.equal(await bea.page.getByRole('button', { name: 'Add member' }).count(), 0);
    await bea.page.goto(`/console/orgs/${slug}`);
    await bea.page.getByText('Only administrators of this organization can change its profile.').waitFor();
    assert.equal(await bea.page.getByRole('button', { name: 'Save profile' }).count(), 0);
    assert.deepEqual(await auditBothWidths(bea.page), [], 'profile screen, read-only');

    await setRole(page, 'Bea Member', 'Administrator');
    await status(page).getByText('Bea Member is now: Administrator.').waitFor();
    assert.equal(await beaRow.getByRole('cell').nth(2).innerText(), 'Administrator');
    // Her new role takes effect on her next request: she now has the controls.
    await bea.page.goto(`/console/orgs/${slug}/members`);
    await bea.page.getByRole('combobox', { name: 'Role of Alex Admin' }).waitFor();

    await setRole(page, 'Bea Member', 'Member');
    await status(page).getByText('Bea Member is now: Member.').waitFor();
    assert.equal(await beaRow.getByRole('cell').nth(2).innerText(), 'Member');

    // The club's race officer: she records on the water, and is no administrator.
    assert.ok(await page.getByRole('button', { name: 'Set role: Bea Member' }).isDisabled(), 'nothing to set until another role is chosen');
    await setRole(page, 'Bea Member', 'Race officer');
    await status(page).getByText('Bea Member is now: Race officer.').waitFor();
    assert.equal(await beaRow.getByRole('cell').nth(2).innerText(), 'Race officer');
    await bea.page.goto(`/console/orgs/${slug}/members`);
    await bea.page.getByText('Only administrators of this organization can add members').waitFor();
    assert.equal(await bea.page.getByRole('row').filter({ hasText: 'Bea Member' }).getByRole('cell').nth(2).innerText(), 'Race officer');
    assert.equal(await bea.page.getByRole('button', { name: /^Set role/ }).count(), 0);
    assert.deepEqual(await auditBothWidths(page), [], 'members screen with role choices');

    // Alex is the only administrator again: the API refuses to demote him, and the screen says why.
    await setRole(page, 'Alex Admin', 'Member');
    const refusal = page.getByRole('alert').filter({ hasText: 'An organization needs at least one administrator' });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Make another member an administrator first\.[\s\S]*Request ID: \S+/);
    assert.equal(await page.getByRole('row').filter({ hasText: 'Alex Admin' }).getByRole('cell').nth(2).innerText(), 'Administrator');

    await page.getByRole('button', { name: 'Remove: Bea Member' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove Bea Member from ${clubName}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await status(page).getByText('Bea Member was removed.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Bea Member' }).waitFor({ state: 'detached' });
    assert.equal(await refusal.count(), 0, 'the earlier refusal is gone once something succeeded');

    // Bea no longer belongs to the club.
    await bea.page.goto(`/console/orgs/${slug}/members`);
    await bea.page.getByRole('alert').waitFor();
    await alex.context.close();
    await bea.context.close();
  });

  test('the profile is edited, checked before sending, saved and shown again after a reload', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Alex Admin', uniqueEmail('alex'));
    const slug = await createOrganization(page, `Bay Yacht Club ${Date.now()}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Save profile' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'profile screen');

    await page.getByLabel('Name', { exact: true }).fill('Bay Yacht Club of Kiel');
    await page.getByLabel('Kind of organization').selectOption({ label: 'Yacht club' });
    await page.getByLabel('Description').fill('Racing on the Kiel fjord since 1921.');
    await page.getByLabel('Year founded').fill(String(new Date().getUTCFullYear() + 1));
    await page.getByLabel('Website').fill('harbour.example.org');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('The founding year cannot be in the future.').waitFor();
    await page.getByText('Enter a web address starting with https://.').waitFor();

    await page.getByLabel('Year founded').fill('1921');
    await page.getByLabel('Website').fill('https://bay.example.org');
    await page.getByLabel('Street').fill('Hafenstraße 1');
    await page.getByLabel('Postal code').fill('24103');
    await page.getByLabel('City').fill('Kiel');
    await page.getByLabel('Country').fill('Germany');
    await page.getByLabel('Contact e-mail').fill('office@bay.example.org');
    await page.getByLabel('Instagram').fill('@bayyachtclub');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await status(page).getByText('Saved.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Bay Yacht Club of Kiel' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Bay Yacht Club of Kiel' }).waitFor();
    assert.equal(await page.getByLabel('Year founded').inputValue(), '1921');
    assert.equal(await page.getByLabel('City').inputValue(), 'Kiel');
    assert.equal(await page.getByLabel('Website').inputValue(), 'https://bay.example.org');
    assert.equal(await page.getByLabel('Contact e-mail').inputValue(), 'office@bay.example.org');
    assert.equal(await page.getByLabel('Instagram').inputValue(), '@bayyachtclub');
    assert.equal(await page.getByLabel('Description').inputValue(), 'Racing on the Kiel fjord since 1921.');

    // A cleared field is cleared on the platform too.
    await page.getByLabel('Instagram').fill('');
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(`/api/v1/organizations/${slug}`));
    await page.getByRole('button', { name: 'Save profile' }).click();
    assert.equal((await saved).status(), 200);
    await status(page).getByText('Saved.').waitFor();
    await page.reload();
    await page.getByLabel('City').waitFor();
    assert.equal(await page.getByLabel('Instagram').inputValue(), '');
    assert.equal(await page.getByLabel('City').inputValue(), 'Kiel');
    assert.match(page.url(), new RegExp(`/console/orgs/${slug}$`), 'the slug stays when the club is renamed');
    await context.close();
  });
});
