/**
 * The people of an organization (/console/orgs/:org/members): names, e-mails and roles for every
 * member; its administrators add a person by the e-mail of their account, give each member a role
 * (administrator, member, race officer, scorer) and remove members. The API keeps at least one
 * administrator and says so (409 last_admin), shown as it comes.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { ApiError, api, unwrap } from '../../api/client';
import { formatDate } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { DataTable } from '../../ui/DataTable';
import { ProblemAlert, QueryView } from '../../ui/states';
import { useMembership } from './membership';
import { MEMBER_ROLES, addMemberSchema, type AddMemberValues, type MemberRole } from './schemas';

type Member = Schemas['IdentityMember'];

export default function Members() {
  const { t, i18n } = useTranslation();
  const { org: slug = '' } = useParams();
  const { session, membership, isAdmin } = useMembership(slug);
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: ['members', slug],
    queryFn: async () => (await unwrap(api.GET('/api/v1/organizations/{slug}/members', { params: { path: { slug } } }))).data,
  });
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const me = session.data?.user.id;

  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['members', slug] }), queryClient.invalidateQueries({ queryKey: ['session'] })]);
  };
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: MemberRole }) =>
      unwrap(api.PATCH('/api/v1/organizations/{slug}/members/{userId}', { params: { path: { slug, userId: member.userId } }, body: { role } })),
    onMutate: () => {
      setFailure(null);
      setStatus('');
    },
    onSuccess: async (body, { member }) => {
      await refresh();
      setStatus(t('members:roleChanged', { name: member.name, role: t(`roles.${body.data.role}`) }));
    },
    onError: (error) => setFailure(error),
  });
  const remove = useMutation({
    mutationFn: (member: Member) => unwrap(api.DELETE('/api/v1/organizations/{slug}/members/{userId}', { params: { path: { slug, userId: member.userId } } })),
    onMutate: () => {
      setFailure(null);
      setStatus('');
    },
    onSuccess: async (_body, member) => {
      setRemoving(null);
      await refresh();
      setStatus(t('members:removed', { name: member.name }));
    },
    onError: (error) => {
      setRemoving(null);
      setFailure(error);
    },
  });

  return (
    <>
      <h1>{t('members:title', { name: membership?.name ?? slug })}</h1>
      {!isAdmin && membership && <p>{t('members:readOnly')}</p>}
      <p className="muted">{t('members:rolesHint')}</p>
      <p role="status" className={status ? 'notice' : undefined}>{status}</p>
      <ProblemAlert error={failure} ns="members" />
      <QueryView query={members}>
        {(list) => (
          <DataTable
            rows={list}
            rowKey={(member) => member.userId}
            empty={t('members:none')}
            caption={t('members:count', { count: list.length })}
            columns={[
              {
                header: t('members:name'),
                cell: (member) => (
                  <>
                    {member.name}
                    {member.userId === me && <> <span className="badge">{t('members:you')}</span></>}
                  </>
                ),
              },
              { header: t('members:email'), cell: (member) => member.email, className: 'break' },
              { header: t('members:role'), cell: (member) => t(`roles.${member.role}`) },
              { header: t('members:since'), cell: (member) => formatDate(member.grantedAt, i18n.language) },
              isAdmin && {
                header: t('members:actions'),
                cell: (member) => {
                  const busy = (changeRole.isPending && changeRole.variables?.member.userId === member.userId) || (remove.isPending && remove.variables?.userId === member.userId);
                  return (
                    <div className="actions">
                      <RoleChange key={member.role} member={member} busy={busy} onChange={(role) => changeRole.mutate({ member, role })} />
                      <button type="button" className="secondary" disabled={busy} aria-label={t('members:removeNamed', { name: member.name })} onClick={() => setRemoving(member)}>
                        {t('members:remove')}
                      </button>
                    </div>
                  );
                },
              },
            ]}
          />
        )}
      </QueryView>
      {isAdmin && <AddMember slug={slug} onAdded={(message) => { setFailure(null); setStatus(message); }} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('members:removeTitle', { name: removing?.name ?? '', organization: membership?.name ?? slug })}
        confirmLabel={t('members:remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        <p>{t('members:removeBody')}</p>
      </ConfirmDialog>
    </>
  );
}

/** A member's role as a choice and a button that sets it (nothing is sent until the button). */
function RoleChange({ member, busy, onChange }: { member: Member; busy: boolean; onChange: (role: MemberRole) => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<MemberRole>(member.role);
  return (
    <span className="role-change">
      <select aria-label={t('members:roleOf', { name: member.name })} value={role} disabled={busy} onChange={(event) => setRole(event.target.value as MemberRole)}>
        {MEMBER_ROLES.map((option) => <option key={option} value={option}>{t(`roles.${option}`)}</option>)}
      </select>
      <button type="button" className="secondary" disabled={busy || role === member.role} aria-label={t('members:setRoleNamed', { name: member.name })} onClick={() => onChange(role)}>
        {t('members:setRole')}
      </button>
    </span>
  );
}

function AddMember({ slug, onAdded }: { slug: string; onAdded: (message: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<AddMemberValues>({ resolver: zodResolver(addMemberSchema), defaultValues: { email: '', role: 'member' } });
  const draft = useDraft(form, `member-add.${slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: async (values: AddMemberValues) => {
      const call = api.POST('/api/v1/organizations/{slug}/members', { params: { path: { slug } }, body: values });
      const body = await unwrap(call);
      return { member: body.data, added: (await call).response.status === 201 };
    },
    onMutate: () => setGeneral([]),
    onSuccess: async ({ member, added }) => {
      draft.clear();
      form.reset({ email: '', role: 'member' });
      await queryClient.invalidateQueries({ queryKey: ['members', slug] });
      onAdded(t(added ? 'members:added' : 'members:roleChanged', { name: member.name, role: t(`roles.${member.role}`) }));
    },
    onError: (error) => {
      setGeneral(applyApiError(form, error));
      if (error instanceof ApiError && error.code === 'user_not_found') form.setError('email', { type: 'server', message: 'members:problem.user_not_found' });
    },
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="add-member">
      <h2 id="add-member">{t('members:addTitle')}</h2>
      <p className="muted">{t('members:addHint')}</p>
      <ProblemAlert error={add.error} general={general} ns="members" />
      <form noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))}>
        <div className="form-row">
          <Field label={t('members:email')} error={errors.email?.message}>
            {(a) => <input {...a} type="email" autoComplete="off" {...form.register('email')} />}
          </Field>
          <Field label={t('members:role')} error={errors.role?.message}>
            {(a) => (
              <select {...a} {...form.register('role')}>
                {MEMBER_ROLES.map((role) => <option key={role} value={role}>{t(`roles.${role}`)}</option>)}
              </select>
            )}
          </Field>
        </div>
        <div className="actions">
          <button type="submit" disabled={add.isPending}>{t('members:add')}</button>
        </div>
      </form>
    </section>
  );
}
