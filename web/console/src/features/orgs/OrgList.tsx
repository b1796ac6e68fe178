import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useSession } from '../../api/session';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { rememberOrganization } from '../../app/current-org';
import { organizationSchema, type OrganizationValues } from './schemas';
import { OrganizationKindFields } from './OrganizationKindFields';

export default function OrgList() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<OrganizationValues>({ resolver: zodResolver(organizationSchema), defaultValues: { name: '', type: 'yacht-club', description: '' } });
  const draft = useDraft(form, 'organization-create');
  const [general, setGeneral] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: (values: OrganizationValues) =>
      unwrap(api.POST('/api/v1/organizations', { body: { name: values.name, type: values.type, description: values.description || null } })),
    onSuccess: async (body) => {
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      const slug = body.data.slug;
      rememberOrganization(slug);
      await navigate(`/orgs/${slug}/regattas`);
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <>
      <h1>{t('orgs:title')}</h1>
      <QueryView query={session}>
        {(data) =>
          !data || data.memberships.length === 0 ? (
            <Empty>{t('orgs:none')}</Empty>
          ) : (
            <ul className="cards">
              {data.memberships.map((m) => (
                <li key={m.organizationId} className="card">
                  <h2 className="card-title">{m.slug ? <Link to={`/orgs/${m.slug}/regattas`}>{m.name ?? m.slug}</Link> : m.name}</h2>
                  <p className="muted">{t(`roles.${m.role}`)}</p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <section aria-labelledby="create-org">
        <h2 id="create-org">{t('orgs:createTitle')}</h2>
        <ProblemAlert error={create.error} general={general} />
        <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
          <Field label={t('orgs:name')} error={errors.name?.message}>
            {(a) => <input {...a} {...form.register('name')} />}
          </Field>
          <OrganizationKindFields register={(name) => form.register(name)} errors={errors} descriptionRows={3} />
          <button type="submit" disabled={create.isPending}>{t('orgs:create')}</button>
        </form>
      </section>
    </>
  );
}
