/**
 * Organization routes. Reads: any credential with read scope (the gateway checks it); embed tokens
 * see only their own organization (others are 404). POST: a signed-in user (the creator becomes the
 * organization's admin through the organization.created fact that identity consumes). PATCH: admins
 * of that organization (assertion roles[orgId] === 'admin'), else 403 not_an_admin.
 */
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { withTransaction } from '@regatta/db';
import { forbidden, identityOf, notFound, parseInput, requestIdOf, type Identity, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { applyChanges, type Organization } from '../domain/organization.js';
import { slugify } from '../domain/slug.js';
import { organizationCreated, organizationUpdated } from '../messaging/facts.js';
import { publicEventsOf } from '../store/events.js';
import { findOrganizationBySlug, insertOrganization, listOrganizations, updateOrganization } from '../store/organizations.js';
import { organizationDetail, organizationPage, organizationSummary } from './presenters.js';
import { createBody, listQuery, parseBody, updateBody, type CreateBody } from './schemas.js';

const SLUG_PARAM = /^[a-z0-9][a-z0-9-]{0,99}$/;

function slugParam(req: Request): string | undefined {
  const slug = req.params['slug'];
  return typeof slug === 'string' && SLUG_PARAM.test(slug) ? slug : undefined;
}

/** Embed tokens may read only their own organization; anything else looks like it does not exist. */
function visibleTo(identity: Identity, org: Organization): boolean {
  return identity.via !== 'embed' || identity.embedOrganizationId === org.id;
}

function newProfile(body: CreateBody, userId: string): Omit<Organization, 'slug' | 'createdAt' | 'updatedAt'> {
  return {
    id: randomUUID(),
    name: body.name,
    description: body.description ?? null,
    type: body.type,
    founded: body.founded ?? null,
    address: {
      street: body.address?.street ?? null,
      city: body.address?.city ?? null,
      state: body.address?.state ?? null,
      postalCode: body.address?.postalCode ?? null,
      country: body.address?.country ?? null,
    },
    contact: { email: body.contact?.email ?? null, phone: body.contact?.phone ?? null, website: body.contact?.website ?? null },
    socialMedia: { facebook: body.socialMedia?.facebook ?? null, instagram: body.socialMedia?.instagram ?? null },
    createdBy: userId,
  };
}

export function routes(context: ServiceContext): RouteDefinition[] {
  const { pool } = context;

  const list = async (req: Request, res: Response) => {
    const identity = identityOf(res);
    const query = parseInput(listQuery, req.query, 'query');
    const onlyId = identity.via === 'embed' ? (identity.embedOrganizationId ?? '00000000-0000-0000-0000-000000000000') : undefined;
    const { items, count } = await listOrganizations(pool, { ...query, onlyId }, new Date());
    res.json({ organizations: items.map(organizationSummary), limit: query.limit, offset: query.offset, count });
  };

  const get = async (req: Request, res: Response) => {
    const identity = identityOf(res);
    const slug = slugParam(req);
    const org = slug ? await findOrganizationBySlug(pool, slug) : undefined;
    if (!org || !visibleTo(identity, org)) throw notFound('Organization');
    const events = await publicEventsOf(pool, org.id);
    res.json(organizationPage(org, events, new Date()));
  };

  const create = async (req: Request, res: Response) => {
    const identity = identityOf(res);
    if (!identity.userId) throw forbidden('user_required', 'Creating an organization needs a signed-in user (a session or a user\'s API key).');
    const body = parseBody(createBody, req.body);
    const userId = identity.userId;
    const org = await withTransaction(pool, async (client) => {
      const created = await insertOrganization(client, newProfile(body, userId), slugify(body.name));
      await context.publish(client, organizationCreated(created, requestIdOf(req)));
      return created;
    });
    res
      .status(201)
      .location(`/api/v1/organizations/${org.slug}`)
      .json({ data: organizationDetail(org, [], new Date()), message: 'Organization created.' });
  };

  const update = async (req: Request, res: Response) => {
    const identity = identityOf(res);
    const slug = slugParam(req);
    const found = slug ? await findOrganizationBySlug(pool, slug) : undefined;
    if (!found || !visibleTo(identity, found)) throw notFound('Organization');
    if (identity.roles[found.id] !== 'admin') {
      throw forbidden('not_an_admin', 'Only administrators of this organization may change it.', { organizationId: found.id });
    }
    const body = parseBody(updateBody, req.body);
    const org = await withTransaction(pool, async (client) => {
      const current = await findOrganizationBySlug(client, found.slug, { forUpdate: true });
      if (!current) throw notFound('Organization');
      const { next, changed } = applyChanges(current, body);
      if (changed.length === 0) return current;
      const saved = await updateOrganization(client, next);
      await context.publish(client, organizationUpdated(saved, changed, requestIdOf(req)));
      return saved;
    });
    const events = await publicEventsOf(pool, org.id);
    res.json({ data: organizationDetail(org, events, new Date()), message: 'Organization updated.' });
  };

  return [
    { method: 'get', path: '/api/v1/organizations', handler: list },
    { method: 'post', path: '/api/v1/organizations', handler: create },
    { method: 'get', path: '/api/v1/organizations/:slug', handler: get },
    { method: 'patch', path: '/api/v1/organizations/:slug', handler: update },
  ];
}
