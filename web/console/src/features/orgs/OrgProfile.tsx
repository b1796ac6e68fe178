/**
 * An organization's profile (/console/orgs/:org): what the club publishes about itself (name, kind,
 * description, founding year, address, contact, social media). Its administrators edit and save it
 * (updateOrganization); members see it read-only.
 */
import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { ProblemAlert, QueryView } from '../../ui/states';
import { useMembership } from './membership';
import { profileValuesOf, toProfileUpdate } from './profile';
import { latestFoundingYear, profileSchema, type ProfileValues } from './schemas';
import { OrganizationKindFields } from './OrganizationKindFields';

type Organization = Schemas['OrganizationDetail'];

export default function OrgProfile() {
  const { t } = useTranslation();
  const { org: slug = '' } = useParams();
  const { isAdmin } = useMembership(slug);
  const organization = useQuery({
    queryKey: ['organization', slug],
    queryFn: async () => (await unwrap(api.GET('/api/v1/organizations/{slug}', { params: { path: { slug } } }))).organization,
  });
  return (
    <QueryView query={organization}>
      {(data) => (
        <>
          <h1>{data.name}</h1>
          <p className="muted">{t('orgs:profile.subtitle', { slug: data.slug })}</p>
          {isAdmin ? <ProfileForm organization={data} /> : <ProfileFacts organization={data} />}
        </>
      )}
    </QueryView>
  );
}

function ProfileFacts({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const { address, contact, socialMedia } = organization;
  const place = [address.street, [address.postalCode, address.city].filter(Boolean).join(' '), address.state, address.country].filter(Boolean).join(', ');
  const rows: Array<[string, string | null | undefined]> = [
    [t('orgs:type'), t(`orgs:types.${organization.type}`)],
    [t('orgs:description'), organization.description],
    [t('orgs:profile.founded'), organization.founded === null ? null : String(organization.founded)],
    [t('orgs:profile.address'), place],
    [t('orgs:profile.email'), contact.email],
    [t('orgs:profile.phone'), contact.phone],
    [t('orgs:profile.website'), contact.website],
    [t('orgs:profile.facebook'), socialMedia.facebook],
    [t('orgs:profile.instagram'), socialMedia.instagram],
  ];
  return (
    <>
      <p>{t('orgs:profile.readOnly')}</p>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value || <span className="muted">{t('orgs:profile.notGiven')}</span>}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}

function ProfileForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: profileValuesOf(organization) });
  const draft = useDraft(form, `organization-profile.${organization.slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      unwrap(api.PATCH('/api/v1/organizations/{slug}', { params: { path: { slug: organization.slug } }, body: toProfileUpdate(values) })),
    onMutate: () => setGeneral([]),
    onSuccess: async (body) => {
      draft.clear();
      queryClient.setQueryData(['organization', organization.slug], body.data);
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  const text = (name: Parameters<typeof form.register>[0], label: string, error: string | undefined, extra: Record<string, string> = {}) => (
    <Field label={label} error={error}>
      {(a) => <input {...a} {...extra} {...form.register(name)} />}
    </Field>
  );
  return (
    <>
      <ProblemAlert error={save.error} general={general} ns="orgs" />
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <fieldset>
          <legend>{t('orgs:profile.about')}</legend>
          {text('name', t('orgs:name'), errors.name?.message, { autoComplete: 'organization' })}
          <OrganizationKindFields register={(name) => form.register(name)} errors={errors} descriptionRows={4} />
          <Field label={t('orgs:profile.founded')} error={errors.founded?.message} hint={t('orgs:profile.foundedHint', { year: latestFoundingYear() })}>
            {(a) => <input {...a} inputMode="numeric" autoComplete="off" {...form.register('founded')} />}
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('orgs:profile.address')}</legend>
          {text('address.street', t('orgs:profile.street'), errors.address?.street?.message, { autoComplete: 'street-address' })}
          <div className="form-row">
            {text('address.postalCode', t('orgs:profile.postalCode'), errors.address?.postalCode?.message, { autoComplete: 'postal-code' })}
            {text('address.city', t('orgs:profile.city'), errors.address?.city?.message, { autoComplete: 'address-level2' })}
          </div>
          <div className="form-row">
            {text('address.state', t('orgs:profile.state'), errors.address?.state?.message, { autoComplete: 'address-level1' })}
            {text('address.country', t('orgs:profile.country'), errors.address?.country?.message, { autoComplete: 'country-name' })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('orgs:profile.contact')}</legend>
          {text('contact.email', t('orgs:profile.email'), errors.contact?.email?.message, { type: 'email', autoComplete: 'email' })}
          {text('contact.phone', t('orgs:profile.phone'), errors.contact?.phone?.message, { type: 'tel', autoComplete: 'tel' })}
          {text('contact.website', t('orgs:profile.website'), errors.contact?.website?.message, { type: 'url', autoComplete: 'url' })}
        </fieldset>
        <fieldset>
          <legend>{t('orgs:profile.socialMedia')}</legend>
          {text('socialMedia.facebook', t('orgs:profile.facebook'), errors.socialMedia?.facebook?.message)}
          {text('socialMedia.instagram', t('orgs:profile.instagram'), errors.socialMedia?.instagram?.message)}
        </fieldset>
        <div className="actions">
          <button type="submit" disabled={save.isPending}>{t('orgs:profile.save')}</button>
          <span role="status">{save.isSuccess ? t('state.saved') : ''}</span>
        </div>
      </form>
    </>
  );
}
