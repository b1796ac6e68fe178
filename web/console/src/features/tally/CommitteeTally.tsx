/**
 * The safety tally in the committee app (/console/committee/:slug, view "Tally"): on the committee
 * and safety boats, an enrolled device (its token) or a member sees the board live (polled), the
 * overdue boats loudly, who is afloat with persons on board, and signs a boat out or in. The board
 * needs the network (offline the last answer stays on screen); a sign-out or sign-in does not: like
 * a finish it is kept on the device first, listed as not yet sent, and the committee app's sync loop
 * sends it with its id when there is signal (the tally API answers a resend as the first time).
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { RegattaClient } from '@regatta/client';
import { formatDateTime } from '../../i18n/format';
import { QueryView } from '../../ui/states';
import { recordMovement } from '../committee/actions';
import { committeeDb } from '../committee/store/db';
import { useTallyBoard } from './api';
import { Afloat, BoatTable, Overdue, sailOf, type QueuedMoves } from './TallyBoardView';
import './tally.css';

/** The movements of this regatta kept on the device and not yet answered (pending or refused). */
function useQueuedMoves(slug: string) {
  const queued = useLiveQuery(() => committeeDb().movements.where('slug').equals(slug).filter((m) => m.state !== 'sent').sortBy('seq'), [slug]) ?? [];
  const pending = queued.filter((m) => m.state === 'pending');
  const queryClient = useQueryClient();
  // A movement answered by the server shows on the board: ask for it again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['tally', slug] });
  }, [pending.length, queryClient, slug]);
  const queue: QueuedMoves = useMemo(
    () => ({
      move: (boat, kind) => void recordMovement(slug, boat.registrationId, kind, sailOf(boat)),
      waiting: new Set(pending.map((m) => m.registrationId)),
    }),
    [slug, pending.map((m) => m.id).join()],
  );
  return { queued, queue };
}

export function CommitteeTally({ slug, client, timeZone }: { slug: string; client: RegattaClient; timeZone: string | null }) {
  const { t, i18n } = useTranslation('tally');
  const board = useTallyBoard(slug, client);
  const { queued, queue } = useQueuedMoves(slug);
  return (
    <section aria-labelledby="committee-tally" className="tally">
      <h2 id="committee-tally">{t('title')}</h2>
      {queued.length > 0 && (
        <section aria-labelledby="tally-queued">
          <h3 id="tally-queued">{t('queue.title')}</h3>
          <ul aria-labelledby="tally-queued">
            {queued.map((m) => (
              <li key={m.id}>
                {t(m.kind === 'out' ? 'queue.out' : 'queue.in', { boat: m.boat })}
                {' · '}
                {m.state === 'pending' ? t('queue.pending') : t('queue.rejected', { reason: m.problem?.title || m.problem?.code || '' })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <QueryView query={board}>
        {(day) => (
          <>
            <p>{day.deadline ? t('board.deadline', { time: formatDateTime(day.deadline, i18n.language, timeZone) }) : t('board.noDeadline')}</p>
            <Overdue board={day} />
            <Afloat board={day} />
            <BoatTable slug={slug} board={day} timeZone={timeZone} client={client} queue={queue} />
          </>
        )}
      </QueryView>
    </section>
  );
}
