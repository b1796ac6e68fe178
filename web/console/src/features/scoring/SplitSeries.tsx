/**
 * The split series on the scoring desk (/regattas/:slug/scoring/split): qualifying fleets split into
 * final fleets (gold, silver ...) and a medal race (docs/scoring.md, split fleets): the definition,
 * the split itself, and the standings of each stage and overall.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Empty, QueryView } from '../../ui/states';
import { useFleetsAndRaces } from './api';
import { useSplitDefinition } from './split-api';
import { SplitDefinitionForm } from './SplitDefinitionForm';
import { SplitFleets } from './SplitFleets';
import { SplitStandingsView } from './SplitStandingsView';
import './scoring.css';

export default function SplitSeries() {
  const { t } = useTranslation('scoring');
  const { slug = '' } = useParams();
  const setup = useFleetsAndRaces(slug);
  const definition = useSplitDefinition(slug);
  const headingId = useId();
  const [said, setSaid] = useState('');
  return (
    <section aria-labelledby={headingId} className="scoring">
      <h2 id={headingId}>{t('split.title')}</h2>
      <p><Link to=".." relative="path">{t('split.back')}</Link></p>
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
      <QueryView query={setup}>
        {({ fleets }) => (
          <QueryView query={definition}>
            {(stored) =>
              fleets.length < 2 ? (
                <Empty>{t('split.fewFleets')}</Empty>
              ) : (
                <>
                  <SplitDefinitionForm slug={slug} fleets={fleets} definition={stored} onSaid={setSaid} />
                  {stored && <SplitFleets slug={slug} fleets={fleets} definition={stored} onSaid={setSaid} />}
                  {stored && <SplitStandingsView slug={slug} />}
                </>
              )
            }
          </QueryView>
        )}
      </QueryView>
    </section>
  );
}
