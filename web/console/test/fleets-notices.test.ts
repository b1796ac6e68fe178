/**
 * A race officer sets up a regatta in the console: two fleets (one-design and PHRF time-on-time with
 * its own B), three races each on the regatta's clock, a race moved and one deleted, the discards of a
 * fleet changed, a refused fleet name shown next to its field, a split series, a fleet with races
 * refused deletion and an empty one deleted; then the notice board: the notice of
 * race and an amendment posted, the notice of race amended (two versions with their posting times),
 * the amendment withdrawn. The browser runs in UTC and the regatta in Europe/Berlin, so the starts
 * shown prove the screens use the regatta's time zone. Both screens are audited with data in them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

const TIME_ZONE = 'Europe/Berlin';

/** How the console writes an instant on the regatta's clock (en, i18n/format.ts formatDateTime). */
function onRegattaClock(iso: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

/**
 * The regatta itself is created through the API from the signed-in page (its creation through the
 * console is the regattas screens' own test): the browser sends its session cookie and Origin.
 */
async function createRegatta(page: Page, organization: string): Promise<string> {
  const answer = await page.evaluate(async (body) => {
    const response = await fetch('/api/v1/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { data?: { slug: string; timeZone?: string | null } } };
  }, { organization, name: `Harbour Week ${Date.now()}`, startDate: '2026-07-11T08:00:00Z', endDate: '2026-07-13T18:00:00Z', timeZone: TIME_ZONE });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  assert.equal(answer.body.data?.timeZone, TIME_ZONE);
  return answer.body.data!.slug;
}

async function addRace(page: Page, fleet: string, wallTime: string, race: string): Promise<void> {
  const group = page.getByRole('region', { name: fleet, exact: true }).getByRole('group', { name: `Add a race to ${fleet}` });
  await group.getByLabel('Scheduled start').fill(wallTime);
  await group.getByRole('button', { name: 'Add race' }).click();
  await page.getByRole('status').getByText(`${race} of ${fleet} scheduled.`).waitFor();
}

async function raceRows(page: Page, fleet: string): Promise<string[][]> {
  const rows = page.getByRole('region', { name: fleet, exact: true }).getByRole('table').getByRole('row');
  const out: string[][] = [];
  for (const row of (await rows.all()).slice(1)) out.push((await row.getByRole('cell').allInnerTexts()).slice(0, 3).map((cell) => cell.trim()));
  return out;
}

describe('console: fleets and races, notice board', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('fleets with their set-up, the race schedule on the regatta clock, notices with versions', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Rita Race Officer');
    const org = await createOrganization(page, `Harbour Yacht Club ${Date.now()}`);
    const slug = await createRegatta(page, org);

    // Fleets: a one-design fleet and a PHRF time-on-time fleet with the API's A and its own B.
    await page.goto(`/console/regattas/${slug}/fleets`);
    await page.getByRole('heading', { name: 'Fleets and races', level: 2 }).waitFor();
    await page.getByText('No fleet yet.').waitFor();
    const add = page.getByRole('region', { name: 'Add a fleet' });
    await add.getByLabel('Fleet name').fill('ILCA 7');
    await add.getByRole('button', { name: 'Add fleet' }).click();
    await page.getByRole('region', { name: 'ILCA 7', exact: true }).waitFor();
    await page.getByRole('status').getByText('Fleet ILCA 7 added.').waitFor();

    await add.getByLabel('Fleet name').fill('PHRF A');
    await add.getByLabel('Handicap system').selectOption({ label: 'PHRF time-on-time' });
    assert.equal(await add.getByLabel('A', { exact: true }).inputValue(), '650', 'the parameter shows the API default');
    assert.equal(await add.getByLabel('B', { exact: true }).inputValue(), '550');
    await add.getByLabel('B', { exact: true }).fill('480');
    await add.getByRole('button', { name: 'Add fleet' }).click();
    const phrf = page.getByRole('region', { name: 'PHRF A', exact: true });
    await phrf.getByText('PHRF time-on-time (A 650, B 480)').waitFor();

    // A name the regatta has already: the API's refusal is shown next to the name, nothing typed is lost.
    await add.getByLabel('Fleet name').fill('ILCA 7');
    await add.getByLabel('Discard thresholds').fill('3, 6');
    await add.getByRole('button', { name: 'Add fleet' }).click();
    await add.getByText('Choose a name no other fleet of this regatta has.').waitFor();
    assert.equal(await add.getByLabel('Fleet name').getAttribute('aria-invalid'), 'true');
    assert.match(await add.getByRole('alert').innerText(), /Another fleet of this regatta has this name\.\s+Request ID: \S+/);
    assert.equal(await add.getByLabel('Discard thresholds').inputValue(), '3, 6');
    // Renamed, the same set-up is accepted: a third fleet, for the split series below.
    await add.getByLabel('Fleet name').fill('Gold');
    await add.getByRole('button', { name: 'Add fleet' }).click();
    await page.getByRole('region', { name: 'Gold', exact: true }).getByText('One more discard at each of these race counts: 3, 6').waitFor();

    // Three races each, typed on the regatta's clock (Berlin, UTC+2 in July) while the browser is in UTC.
    for (const [index, time] of ['2026-07-12T10:00', '2026-07-12T11:00', '2026-07-12T12:00'].entries()) await addRace(page, 'ILCA 7', time, `Race ${index + 1}`);
    for (const [index, time] of ['2026-07-12T10:30', '2026-07-12T11:30', '2026-07-12T12:30'].entries()) await addRace(page, 'PHRF A', time, `Race ${index + 1}`);
    assert.deepEqual(await raceRows(page, 'ILCA 7'), [
      ['1', 'Race 1', onRegattaClock('2026-07-12T08:00:00Z')],
      ['2', 'Race 2', onRegattaClock('2026-07-12T09:00:00Z')],
      ['3', 'Race 3', onRegattaClock('2026-07-12T10:00:00Z')],
    ]);
    assert.equal(onRegattaClock('2026-07-12T08:00:00Z'), 'Jul 12, 2026, 10:00 AM');

    // Move race 2 of ILCA 7 to the afternoon: it is now sailed last.
    const ilca = page.getByRole('region', { name: 'ILCA 7', exact: true });
    await ilca.getByRole('button', { name: 'Move Race 2 of ILCA 7' }).click();
    const move = ilca.getByRole('group', { name: 'Move Race 2 of ILCA 7' });
    assert.equal(await move.getByLabel('New scheduled start').inputValue(), '2026-07-12T11:00', 'prefilled on the regatta clock');
    await move.getByLabel('New scheduled start').fill('2026-07-12T15:30');
    await move.getByRole('button', { name: 'Save the new start' }).click();
    await page.getByRole('status').getByText('Race 2 of ILCA 7 moved.').waitFor();
    await ilca.getByRole('cell', { name: onRegattaClock('2026-07-12T13:30:00Z') }).waitFor();
    assert.deepEqual((await raceRows(page, 'ILCA 7')).map((row) => row[1]), ['Race 1', 'Race 3', 'Race 2']);

    // Delete race 3 of PHRF A (confirmed).
    await phrf.getByRole('button', { name: 'Delete Race 3 of PHRF A' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Race 3 of PHRF A?' });
    await dialog.getByRole('button', { name: 'Delete race' }).click();
    await page.getByRole('status').getByText('Race 3 of PHRF A deleted.').waitFor();
    assert.deepEqual((await raceRows(page, 'PHRF A')).map((row) => row[1]), ['Race 1', 'Race 2']);

    // Discards of ILCA 7: a list out of order is refused on its field, then two discards from 4 and 8 races.
    await ilca.getByRole('button', { name: 'Edit fleet ILCA 7' }).click();
    await ilca.getByLabel('Discard thresholds').fill('8, 4');
    await ilca.getByRole('button', { name: 'Save fleet' }).click();
    await ilca.getByText('Each race count must be larger than the one before, such as 4, 8.').waitFor();
    assert.equal(await ilca.getByLabel('Discard thresholds').getAttribute('aria-invalid'), 'true');
    await ilca.getByLabel('Discard thresholds').fill('4, 8');
    await ilca.getByRole('button', { name: 'Save fleet' }).click();
    await page.getByRole('status').getByText('Fleet ILCA 7 saved.').waitFor();
    await ilca.getByText('One more discard at each of these race counts: 4, 8').waitFor();

    // Split series: ILCA 7 qualifies, Gold and PHRF A are the final fleets.
    const split = page.getByRole('region', { name: 'Split series' });
    await split.getByLabel('Part of ILCA 7').selectOption({ label: 'Qualifying fleet' });
    await split.getByLabel('Part of Gold').selectOption({ label: 'Final fleet 1 (gold)' });
    await split.getByRole('button', { name: 'Save split series' }).click();
    await split.getByText('Choose at least two final fleets.').waitFor();
    await split.getByLabel('Part of PHRF A').selectOption({ label: 'Final fleet 2 (silver)' });
    await split.getByRole('button', { name: 'Save split series' }).click();
    await page.getByRole('status').getByText('Split series saved.').waitFor();
    await split.getByText('A split series is defined. Qualifying: ILCA 7. Finals, best first: Gold, PHRF A.').waitFor();

    assert.deepEqual(await auditBothWidths(page), [], 'fleets and races screen');

    // Deleting a fleet: one with races is refused in the dialog, one without goes.
    await phrf.getByRole('button', { name: 'Delete fleet PHRF A' }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete fleet PHRF A?' });
    await refuse.getByRole('button', { name: 'Delete fleet' }).click();
    await refuse.getByRole('alert').getByText('The fleet has races or entries: delete its races and move or cancel its entries first.').waitFor();
    await refuse.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('region', { name: 'Gold', exact: true }).getByRole('button', { name: 'Delete fleet Gold' }).click();
    await page.getByRole('dialog', { name: 'Delete fleet Gold?' }).getByRole('button', { name: 'Delete fleet' }).click();
    await page.getByRole('status').getByText('Fleet Gold deleted.').waitFor();
    assert.equal(await page.getByRole('region', { name: 'Gold', exact: true }).count(), 0);

    // Notice board: an empty text is refused on its field first. The board reads its documents with
    // their versions in force in one request: no request per document for its versions.
    const versionRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/documents\/[^/]+\/versions/.test(request.url())) versionRequests.push(request.url());
    });
    await page.goto(`/console/regattas/${slug}/notices`);
    await page.getByRole('heading', { name: 'Notice board', level: 2 }).waitFor();
    await page.getByText('Nothing is posted yet.').waitFor();
    const post = page.getByRole('region', { name: 'Post a document' });
    await post.getByLabel('Kind').selectOption({ label: 'Notice of race' });
    await post.getByLabel('Title').fill('Notice of Race');
    await post.getByRole('button', { name: 'Post' }).click();
    await post.getByText('Enter the text of the document or a web address.').waitFor();
    assert.equal(await post.getByLabel('Title').inputValue(), 'Notice of Race');
    await post.getByLabel('Text').fill('1. Rules: the regatta is governed by the rules of the RRS.\n2. Racing starts at 10:00.');
    await post.getByRole('button', { name: 'Post' }).click();
    await page.getByRole('status').getByText('Notice of Race is posted on the notice board.').waitFor();

    await post.getByLabel('Kind').selectOption({ label: 'Amendment' });
    await post.getByLabel('Title').fill('Amendment 1');
    await post.getByLabel('Text').fill('The warning signal of the first race is moved to 10:30.');
    await post.getByRole('button', { name: 'Post' }).click();
    await page.getByRole('status').getByText('Amendment 1 is posted on the notice board.').waitFor();

    // Amend the notice of race: the form starts from the version in force.
    await page.getByRole('button', { name: 'Amend Notice of Race' }).click();
    const amend = page.getByRole('region', { name: 'Amend Notice of Race' });
    assert.match(await amend.getByLabel('Text').inputValue(), /Racing starts at 10:00/);
    await amend.getByLabel('Text').fill('1. Rules: the regatta is governed by the rules of the RRS.\n2. Racing starts at 10:30.');
    await amend.getByLabel('What changed (optional)').fill('Start time moved');
    await amend.getByRole('button', { name: 'Post the new version' }).click();
    await page.getByRole('status').getByText('A new version of Notice of Race is posted.').waitFor();

    const board = page.getByRole('table', { name: 'Documents on the notice board, oldest first' });
    const norRow = board.getByRole('row').filter({ hasText: 'Notice of Race' });
    await norRow.getByRole('cell', { name: '2', exact: true }).waitFor();
    const amendmentRow = board.getByRole('row').filter({ hasText: 'Amendment 1' });
    assert.deepEqual(await amendmentRow.getByRole('cell').nth(4).innerText(), 'Not amended');
    const [boardPosted, boardAmended] = await Promise.all([3, 4].map(async (n) => (await norRow.getByRole('cell').nth(n).innerText()).trim()));
    assert.deepEqual(versionRequests, [], 'the board asks for no document\'s versions');

    // The two versions, each with the time it was posted on the regatta clock.
    await page.getByRole('button', { name: 'Versions of Notice of Race' }).click();
    const versions = page.getByRole('region', { name: 'Versions of Notice of Race' });
    const table = versions.getByRole('table', { name: '2 versions, newest first' });
    await table.waitFor();
    const rows = (await table.getByRole('row').all()).slice(1);
    assert.equal(rows.length, 2);
    const cells = await Promise.all(rows.map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim())));
    assert.deepEqual(cells.map((c) => c[0]), ['2', '1']);
    for (const c of cells) assert.match(c[1]!, /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/, 'posted at, on the regatta clock');
    assert.equal(cells[0]![4], 'Start time moved');
    // The board showed when version 1 was posted and when the version in force (2) was.
    assert.deepEqual([boardPosted, boardAmended], [cells[1]![1], cells[0]![1]]);

    assert.deepEqual(await auditBothWidths(page), [], 'notice board with versions');

    // Withdraw the amendment: it leaves the board.
    await page.getByRole('button', { name: 'Withdraw Amendment 1' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw Amendment 1?' });
    await withdraw.getByLabel('Reason (optional)').fill('Posted in error');
    await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('status').getByText('Amendment 1 was withdrawn. Its versions stay readable.').waitFor();
    await board.getByRole('row').filter({ hasText: 'Amendment 1' }).waitFor({ state: 'detached' });
    assert.equal(await board.getByRole('row').count(), 2, 'the header and the notice of race');

    assert.deepEqual(await auditBothWidths(page), [], 'notice board');
    await context.close();
  });
});
