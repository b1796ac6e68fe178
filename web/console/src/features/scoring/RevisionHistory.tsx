/**
 * A race's revision history (listResultRevisions race=<id>), newest first: kind, number, when, who and
 * why, and per boat before → after (code or place, points). An earlier results revision can be
 * restored with a reason (revertRaceResults); the API refuses while a protest decision applied to the
 * race since stands (409 decision_in_force), and the refusal is shown on the revision it concerns.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { inOwnWords } from '../../ui/problem-text';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { useRevisions, useScoringChanges, type Revision } from './api';
import type { Boat } from './sheet';

type State = Revision['changes'][number]['before'];

function stateText(state: State, none: string): string {
  if (!state) return none;
  const mark = state.code ?? (state.position !== null ? `#${state.position}` : state.status);
  return state.points !== null ? `${mark} (${state.points})` : mark;
}

export function RevisionHistory({ slug, raceId, boats, timeZone }: { slug: string; raceId: string; boats: Boat[]; timeZone: string | null }) {
  const { t, i18n } = useTranslation('scoring');
  const headingId = useId();
  const revisions = useRevisions(slug, raceId);
  const { revert } = useScoringChanges(slug);
  const [reverting, setReverting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState('');
  const sailOf = new Map(boats.map((boat) => [boat.id, boat.sail || boat.name]));

  return (
    <section aria-labelledby={headingId} className="revisions">
      <h2 id={headingId}>{t('history.title')}</h2>
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
      <QueryView query={revisions}>
        {(list) =>
          list.length === 0 ? (
            <Empty>{t('history.none')}</Empty>
          ) : (
            <ol className="revision-list">
              {list.map((revision, index) => {
                const label = t('history.revision', { seq: revision.seq ?? '–', kind: t(`history.kind.${revision.kind}`) });
                const canRevert = revision.seq !== null && index > 0 && revision.kind !== 'posted' && revision.kind !== 'official';
                return (
                  <li key={revision.id}>
                    <h3>{label}</h3>
                    <p className="muted">
                      {t('history.meta', {
                        at: formatDateTime(revision.at, i18n.language, timeZone),
                        who: revision.actor.userId ? t('history.user', { id: revision.actor.userId.slice(0, 8), via: t(`history.via.${revision.actor.via}`, { defaultValue: revision.actor.via }) }) : t(`history.via.${revision.actor.via}`, { defaultValue: revision.actor.via }),
                      })}
                    </p>
                    <p>{t('history.reason', { reason: revision.reason || t('history.noReason') })}</p>
                    {revision.changes.length > 0 && (
                      <table>
                        <caption className="muted">{t('history.changes', { label })}</caption>
                        <thead>
                          <tr>
                            <th scope="col">{t('sheet.sail')}</th>
                            <th scope="col">{t('history.before')}</th>
                            <th scope="col">{t('history.after')}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {revision.changes.map((change) => (
                            <tr key={change.boatId}>
                              <th scope="row">{sailOf.get(change.boatId) ?? change.boatId.slice(0, 8)}</th>
                              <td>{stateText(change.before, t('history.notListed'))}</td>
                              <td>{stateText(change.after, t('history.notListed'))}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                    {canRevert && reverting !== revision.id && (
                      <button type="button" className="secondary" onClick={() => { setReverting(revision.id); setReason(''); setSaid(''); revert.reset(); }}>
                        {t('history.revertTo', { label })}
                      </button>
                    )}
                    {reverting === revision.id && (
                      <form
                        aria-label={t('history.revertTo', { label })}
                        onSubmit={(event) => {
                          event.preventDefault();
                          if (!reason.trim()) return;
                          revert.mutate(
                            { raceId, revision: revision.id, reason: reason.trim() },
                            { onSuccess: (answer) => { setReverting(null); setSaid(t('history.reverted', { label, seq: answer.data.seq })); } },
                          );
                        }}
                      >
                        <div className="field">
                          <label htmlFor={`${revision.id}-reason`}>{t('history.revertReason')}</label>
                          <input id={`${revision.id}-reason`} required value={reason} onChange={(event) => setReason(event.target.value)} />
                        </div>
                        <div className="actions">
                          <button type="submit" disabled={revert.isPending || !reason.trim()}>{t('history.revert')}</button>
                          <button type="button" className="secondary" onClick={() => setReverting(null)}>{t('history.cancel')}</button>
                        </div>
                        <ProblemAlert error={inOwnWords(revert.error, t, 'scoring')} />
                      </form>
                    )}
                  </li>
                );
              })}
            </ol>
          )
        }
      </QueryView>
    </section>
  );
}
