/**
 * The entry form of the demo regatta open for entries: one required question and one waiver, so a
 * sailor can enter from its public page ("Enter this regatta") as on any regatta that takes entries.
 * Found again on a later run (nothing is added twice).
 */
import { call, expect, log } from './http.js';

/** The published regatta whose public page takes entries in the demo (entries open, places free). */
export const ENTRY_REGATTA = 'san-diego-winter-series';

export async function ensureEntryForm(slug: string): Promise<void> {
  const form = expect(await call('GET', `/api/v1/events/${slug}/entry-form`), [200], `read the entry form of ${slug}`).body.data as {
    questions: { label: string }[];
    waivers: { title: string }[];
  };
  if (form.questions.length === 0) {
    const body = { kind: 'choice', label: 'Crew T-shirt size', choices: ['S', 'M', 'L', 'XL'], required: true };
    expect(await call('POST', `/api/v1/events/${slug}/entry-form/questions`, body), [201], `add the question of ${slug}`);
    log(`entry form of ${slug}: question "${body.label}"`);
  }
  if (form.waivers.length === 0) {
    const body = {
      title: 'Risk statement',
      body: 'Racing is a risky activity. By taking part I accept that I race at my own risk (RRS 3, Decision to Race), that my boat is seaworthy and insured, and that I follow the instructions of the race committee.',
    };
    expect(await call('POST', `/api/v1/events/${slug}/entry-form/waivers`, body), [201], `add the waiver of ${slug}`);
    log(`entry form of ${slug}: waiver "${body.title}"`);
  }
}
