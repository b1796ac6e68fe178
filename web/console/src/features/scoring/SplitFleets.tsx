/**
 * Splitting on the desk (splitFleets): the final fleets dealt from the qualifying ranking (by rank in
 * blocks, alternating, or by hand), or the medal fleet chosen after the final series (the top of the
 * opening series, or by hand). By hand, each boat of the ranking gets its fleet; a refusal shows on
 * the boat it names. The fleets as dealt are shown, boats in ranking order.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import type { Fleet } from './api';
import { placeSplitErrors, useSplitChanges, useSplitStandings, type SplitInput, type SplitResult } from './split-api';
import { splitFieldOf, type SplitDefinition } from './split-form';

type Stage = 'final' | 'medal';
type Method = SplitInput['method'];
const OUT = 'out';

export function SplitFleets({ slug, fleets, definition, onSaid }: { slug: string; fleets: Fleet[]; definition: SplitDefinition; onSaid: (message: string) => void }) {
  const { t } = useTranslation('scoring');
  const headingId = useId();
  const [stage, setStage] = useState<Stage>('final');
  const [method, setMethod] = useState<Method>('by_rank');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({ fields: {}, general: [] });
  const [dealt, setDealt] = useState<SplitResult | null>(null);
  const { split } = useSplitChanges(slug);
  // By hand: the boats of the ranking the split deals from (qualifying for the final fleets, the opening series for the medal fleet).
  const ranking = useSplitStandings(slug, stage === 'final' ? 'qualifying' : 'final', method === 'manual');
  const fleetName = (id: string) => fleets.find((fleet) => fleet.id === id)?.name ?? id;
  const targets = stage === 'final' ? definition.finalFleets : definition.medal ? [definition.medal.fleetId, OUT] : [];
  const boats = ranking.data?.standings ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const assignments =
      method === 'manual'
        ? boats.map((boat) => ({ boat: boat.boatId, fleet: chosen[boat.boatId] ?? targets[0] ?? '' })).filter((assignment) => assignment.fleet !== OUT)
        : [];
    const body: SplitInput = { stage, method, ...(method === 'manual' ? { assignments } : {}) };
    setErrors({ fields: {}, general: [] });
    split.mutate(body, {
      onSuccess: (result) => {
        setDealt(result);
        onSaid(t(stage === 'final' ? 'split.dealt' : 'split.medalChosen'));
      },
      onError: (error) => setErrors(placeSplitErrors(error, (path) => splitFieldOf(path, assignments))),
    });
  };
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('split.split')}</h3>
      <ProblemAlert error={inOwnWords(split.error, t, 'scoring')} general={errors.general} ns="scoring" />
      <form noValidate onSubmit={submit}>
        <div className="form-row">
          <Field label={t('split.stage')} error={errors.fields['stage']}>
            {(a) => (
              <select {...a} value={stage} onChange={(event) => { setStage(event.target.value as Stage); setChosen({}); }}>
                <option value="final">{t('split.stageOf.final')}</option>
                <option value="medal" disabled={!definition.medal}>{t('split.stageOf.medal')}</option>
              </select>
            )}
          </Field>
          <Field label={t('split.method')} error={errors.fields['method']}>
            {(a) => (
              <select {...a} value={method} onChange={(event) => setMethod(event.target.value as Method)}>
                <option value="by_rank">{t('split.methodOf.by_rank')}</option>
                {stage === 'final' && <option value="alternating">{t('split.methodOf.alternating')}</option>}
                <option value="manual">{t('split.methodOf.manual')}</option>
              </select>
            )}
          </Field>
        </div>
        {method === 'manual' && (
          <fieldset>
            <legend>{t('split.byHand')}</legend>
            {ranking.isError && <ProblemAlert error={ranking.error} />}
            {ranking.data === null && <p>{t('split.notReady')}</p>}
            {boats.map((boat) => (
              <Field key={boat.boatId} label={t('split.fleetFor', { rank: boat.rank, sail: boat.sailNumber ?? '', boat: boat.boatName })} error={errors.fields[boat.boatId]}>
                {(a) => (
                  <select {...a} value={chosen[boat.boatId] ?? targets[0] ?? ''} onChange={(event) => setChosen({ ...chosen, [boat.boatId]: event.target.value })}>
                    {targets.map((id) => <option key={id} value={id}>{id === OUT ? t('split.notInMedal') : fleetName(id)}</option>)}
                  </select>
                )}
              </Field>
            ))}
          </fieldset>
        )}
        <div className="actions">
          <button type="submit" disabled={split.isPending}>{t(stage === 'final' ? 'split.dealFinal' : 'split.chooseMedal')}</button>
        </div>
      </form>
      {dealt?.fleets.map((fleet) => (
        <DataTable
          key={fleet.fleetId}
          rows={fleet.boats}
          caption={t('split.dealtTo', { fleet: fleetName(fleet.fleetId) })}
          rowKey={(boat) => boat.boatId}
          empty={t('split.noBoats')}
          columns={[
            { header: t('split.rank'), cell: (boat) => boat.rank },
            { header: t('sheet.sail'), cell: (boat) => boat.sailNumber ?? '' },
            { header: t('sheet.boat'), cell: (boat) => boat.boatName },
          ]}
        />
      ))}
    </section>
  );
}
