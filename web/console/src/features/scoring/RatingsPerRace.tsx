/**
 * Ratings changed per race (/regattas/:slug/scoring/ratings): for each handicap fleet, the rating each
 * boat sails each race on (the entry's rating, then the changes recorded from a race on, read with
 * getRegistrationRatings), a changed rating marked in its race, and a new rating recorded for a boat
 * from a race on (RatingChangeForm; the entry's page records them too).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { DataTable } from '../../ui/DataTable';
import { Empty, QueryView } from '../../ui/states';
import { fetchEntries } from '../entries/api';
import { ratingSpecOf } from '../entries/rules';
import { useFleetsAndRaces, type Fleet } from './api';
import { RatingChangeForm } from './RatingChangeForm';
import { ratingsPerRace, type RaceRating } from './ratings-per-race';
import './scoring.css';

interface BoatRatings {
  id: string;
  sail: string;
  name: string;
  races: RaceRating[];
}

function useFleetRatings(slug: string, fleet: Fleet, races: number[]) {
  const key = ratingSpecOf(fleet)?.key;
  return useQuery({
    queryKey: ['event', slug, 'scoring', 'ratings', fleet.id, races.join(',')],
    queryFn: async (): Promise<BoatRatings[]> => {
      const entries = (await fetchEntries(slug)).filter((entry) => entry.fleetId === fleet.id && entry.status !== 'waitlisted');
      const rows = await Promise.all(
        entries.map(async (entry) => {
          const { data } = await unwrap(api.GET('/api/v1/events/{slug}/registrations/{registrationId}/ratings', { params: { path: { slug, registrationId: entry.id } } }));
          return { id: entry.id, sail: entry.boat.sailNumber ?? '', name: entry.boat.name, races: ratingsPerRace(data.ratings, data.ratingChanges, key ?? '', races) };
        }),
      );
      return rows.sort((a, b) => a.sail.localeCompare(b.sail, undefined, { numeric: true }));
    },
    enabled: slug !== '' && key !== undefined,
  });
}

function FleetRatings({ slug, fleet, races, onSaid }: { slug: string; fleet: Fleet; races: number[]; onSaid: (message: string) => void }) {
  const { t, i18n } = useTranslation('scoring');
  const headingId = useId();
  const rows = useFleetRatings(slug, fleet, races);
  const spec = ratingSpecOf(fleet);
  const number = (value: number | null) => (value === null ? '–' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 }).format(value));
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ratings.fleet', { fleet: fleet.name, system: fleet.handicap.system })}</h3>
      <QueryView query={rows}>
        {(boats) => (
          <>
            <DataTable
              rows={boats}
              caption={t('ratings.caption', { fleet: fleet.name })}
              rowKey={(boat) => boat.id}
              empty={t('ratings.noBoats')}
              columns={[
                { header: t('sheet.sail'), cell: (boat) => boat.sail },
                { header: t('sheet.boat'), cell: (boat) => boat.name },
                ...races.map((race) => ({
                  header: t('standings.race', { number: race }),
                  cell: (boat: BoatRatings) => {
                    const rating = boat.races.find((candidate) => candidate.race === race);
                    if (!rating) return '–';
                    return rating.changed ? <strong>{t('ratings.changed', { value: number(rating.value) })}</strong> : number(rating.value);
                  },
                })),
              ]}
            />
            {spec && boats.length > 0 && races.length > 0 && <RatingChangeForm slug={slug} fleet={fleet} spec={spec} boats={boats} races={races} onSaid={onSaid} />}
          </>
        )}
      </QueryView>
    </section>
  );
}

export default function RatingsPerRace() {
  const { t } = useTranslation('scoring');
  const { slug = '' } = useParams();
  const setup = useFleetsAndRaces(slug);
  const headingId = useId();
  const [said, setSaid] = useState('');
  return (
    <section aria-labelledby={headingId} className="scoring">
      <h2 id={headingId}>{t('ratings.title')}</h2>
      <p><Link to=".." relative="path">{t('split.back')}</Link></p>
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
      <QueryView query={setup}>
        {({ fleets, races }) => {
          const handicap = fleets.filter((fleet) => ratingSpecOf(fleet) !== undefined);
          if (handicap.length === 0) return <Empty>{t('ratings.none')}</Empty>;
          return handicap.map((fleet) => (
            <FleetRatings key={fleet.id} slug={slug} fleet={fleet} onSaid={setSaid} races={races.filter((race) => race.fleetId === fleet.id).map((race) => race.raceNumber).sort((a, b) => a - b)} />
          ));
        }}
      </QueryView>
    </section>
  );
}
