/**
 * The federation's national ranking list over its completed regattas: created once (found by name),
 * each regatta graded by its factor, and one edition published so the list has a rank history.
 * A later run only sets a factor that differs and publishes nothing new.
 */
import { call, expect, log, sleep, warn } from './http.js';
import { RANKING } from './plan.js';

export async function ensureRanking(organization: string): Promise<string> {
  const base = `/api/v1/organizations/${organization}/rankings`;
  const listed = expect(await call('GET', `${base}?limit=100`), [200], 'list ranking lists');
  let id = (listed.body.rankings as { id: string; name: string }[]).find((list) => list.name === RANKING.name)?.id;
  if (!id) {
    id = expect(await call('POST', base, { name: RANKING.name, formula: RANKING.formula }), [201], `create ranking ${RANKING.name}`).body.data.id as string;
    log(`created ranking list ${RANKING.name}`);
  }
  const current = expect(await call('GET', `${base}/${id}?limit=1`), [200], 'read the ranking').body as {
    factors: { event: { slug: string }; factor: number }[];
    latestEdition: unknown;
  };
  for (const [slug, factor] of Object.entries(RANKING.factors)) {
    if (current.factors.some((set) => set.event.slug === slug && set.factor === factor)) continue;
    const reply = await call('PUT', `${base}/${id}/events/${slug}`, { factor });
    // 404: the sailors service has the regatta without its organization (demo data projected before
    // rankings existed learns it at the regatta's next event.updated). The demo goes on without it.
    if (reply.status === 404) {
      warn(`the ranking does not know ${slug} yet (seeded before rankings existed); a fresh .local/ seeds it fully`);
      continue;
    }
    expect(reply, [200], `set the ranking factor of ${slug}`);
  }
  if (!current.latestEdition) {
    await untilEveryRegattaCounts(`${base}/${id}`);
    const edition = expect(await call('POST', `${base}/${id}/publish`, {}), [201], 'publish the ranking').body.data;
    log(`published edition ${edition.edition} of ${RANKING.name} (${edition.sailors} sailors)`);
  }
  return id;
}

/**
 * The sailors service learns standings from Kafka: right after the regattas were scored it may not
 * have them all yet, and a published edition is frozen, so wait (up to ~20 s) until every graded
 * regatta shows in the ranking.
 */
async function untilEveryRegattaCounts(path: string): Promise<void> {
  const wanted = Object.keys(RANKING.factors);
  let seen = new Set<string>();
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const reply = expect(await call('GET', `${path}?limit=500`), [200], 'read the ranking');
    const entries = reply.body.entries as { results: { event: { slug: string } }[] }[];
    seen = new Set(entries.flatMap((entry) => entry.results.map((result) => result.event.slug)));
    if (wanted.every((slug) => seen.has(slug))) return;
    await sleep(500);
  }
  warn(`the ranking has results of ${[...seen].join(', ') || 'no regatta'} only; publishing it as it is`);
}
