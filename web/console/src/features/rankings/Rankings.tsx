/**
 * The organization's ranking lists (/orgs/:org/rankings): the lists, a new one, and the one chosen
 * (?list=<id>) with its factors, its publication and its sailors ranked (docs/rankings.md).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Empty, QueryView } from '../../ui/states';
import { useRankingLists } from './api';
import { RankingDetail } from './RankingDetail';
import { RankingForm } from './RankingForm';

export default function Rankings() {
  const { t } = useTranslation('rankings');
  const { org = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const lists = useRankingLists(org);
  const listsId = useId();
  const [said, setSaid] = useState('');
  const chosen = search.get('list') ?? '';
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
      <section aria-labelledby={listsId}>
        <h2 id={listsId}>{t('lists')}</h2>
        <QueryView query={lists}>
          {(rows) =>
            rows.length === 0 ? (
              <Empty>{t('none')}</Empty>
            ) : (
              <ul>
                {rows.map((list) => (
                  <li key={list.id}>
                    <Link to={`?list=${list.id}`} aria-current={list.id === chosen ? 'page' : undefined}>{list.name}</Link>{' '}
                    <span className="muted">{t(`visibility.${list.visibility}`)}</span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      {chosen && <RankingDetail org={org} listId={chosen} onSaid={setSaid} />}
      <RankingForm
        org={org}
        onSaved={(listId, name) => {
          setSaid(t('create.created', { name }));
          setSearch({ list: listId });
        }}
      />
    </>
  );
}
