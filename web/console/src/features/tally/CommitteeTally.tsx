/**
 * The safety tally in the committee app (/console/committee/:slug, view "Tally"): on the committee
 * and safety boats, an enrolled device (its token) or a member sees the board live (polled), the
 * overdue boats loudly, who is afloat with persons on board, and signs a boat out or in. The board
 * needs the network: offline it says so, and the last answer stays on screen.
 */
import { useTranslation } from 'react-i18next';
import type { RegattaClient } from '@regatta/client';
import { formatDateTime } from '../../i18n/format';
import { QueryView } from '../../ui/states';
import { useTallyBoard } from './api';
import { Afloat, BoatTable, Overdue } from './TallyBoardView';
import './tally.css';

export function CommitteeTally({ slug, client, timeZone }: { slug: string; client: RegattaClient; timeZone: string | null }) {
  const { t, i18n } = useTranslation('tally');
  const board = useTallyBoard(slug, client);
  return (
    <section aria-labelledby="committee-tally" className="tally">
      <h2 id="committee-tally">{t('title')}</h2>
      <QueryView query={board}>
        {(day) => (
          <>
            <p>{day.deadline ? t('board.deadline', { time: formatDateTime(day.deadline, i18n.language, timeZone) }) : t('board.noDeadline')}</p>
            <Overdue board={day} />
            <Afloat board={day} />
            <BoatTable slug={slug} board={day} timeZone={timeZone} client={client} />
          </>
        )}
      </QueryView>
    </section>
  );
}
