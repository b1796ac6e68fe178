/**
 * A new regatta of the organization, created as a draft through one guided form (basics; dates and
 * place; entries). What was typed is kept as a draft in the browser until the API accepts it; on
 * success the new regatta's overview opens.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { applyApiError, useDraft } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { browserTimeZone } from './dates';
import { RegattaFields } from './RegattaFields';
import { emptyRegatta, regattaSchema, toCreateRequest, type RegattaFormValues } from './schemas';
import { regattaQueryKey } from './useRegatta';

export default function RegattaCreate() {
  const { t } = useTranslation('regattas');
  const { org = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<RegattaFormValues>({ resolver: zodResolver(regattaSchema), defaultValues: emptyRegatta(browserTimeZone()) });
  const draft = useDraft(form, `regatta-create-${org}`);
  const [general, setGeneral] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: (values: RegattaFormValues) => unwrap(api.POST('/api/v1/events', { body: toCreateRequest(values, org) })),
    onMutate: () => setGeneral([]),
    onSuccess: async (body) => {
      draft.clear();
      queryClient.setQueryData(regattaQueryKey(body.data.slug), body.data);
      await queryClient.invalidateQueries({ queryKey: ['regattas', org] });
      await navigate(`/regattas/${body.data.slug}`);
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  return (
    <>
      <h1>{t('create.title')}</h1>
      <p className="muted">{t('create.intro')}</p>
      <ProblemAlert error={create.error} general={general} ns="regattas" />
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <RegattaFields form={form} mode="create" />
        <div className="actions">
          <button type="submit" disabled={create.isPending}>{t('create.submit')}</button>
          <Link to={`/orgs/${org}/regattas`}>{t('create.back')}</Link>
        </div>
      </form>
    </>
  );
}
