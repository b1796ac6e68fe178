/**
 * Organization routes. Reads: any credential with read scope (the gateway checks it); embed tokens
 * see only their own organization (others are 404). POST: a signed-in user (the creator becomes the
 * organization's admin through the organization.created fact that identity consumes). PATCH: admins
 * of that organization (assertion roles[orgId] === 'admin'), else 403 organization_admin_required.
 */
import type { Request, Response } from 'express';
import { identityOf, parseInput, problem, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { createOrganization } from '../app/create-organization.js';
import { getOrganization } from '../app/get-organization.js';
import { listOrganizations } from '../app/list-organizations.js';
import { updateOrganization } from '../app/update-organization.js';
import { createBody, listQuery, parseBody, updateBody } from './organizations.schemas.js';
import { organizationDetail, organizationPage, organizationSummary } from './organizations.views.js';

const SLUG_PARAM = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The path's slug, or undefined when it cannot be one (the use case answers 404 without a query). */
function slugParam(req: Request): string | undefined {
  const slug = req.params['slug'];
  return typeof slug === 'string' && SLUG_PARAM.test(slug) ? slug : undefined;
}

export function organizationRoutes(context: ServiceContext): RouteDefinition[] {
  const list = async (req: Request, res: Response) => {
    const identity = identityOf(res);
    const query = parseInput(listQuery, req.query, 'query');
    const { items, count } = await listOrganizations(context, identity, query);
    res.json({ organizations: items.map(organizationSummary), limit: query.limit, offset: query.offset, count });
  };

  const get = async (req: Request, res: Response) => {
    const { organization, events } = await getOrganization(context, identityOf(res), slugParam(req));
    res.json(organizationPage(organization, events, new Date()));
  };

  const create = async (req: Request, res: Response) => {
    const identity = identityOf(res);
    if (!identity.userId) throw problem('user_required', 'Creating an organization needs a signed-in user (a session or a user\'s API key).');
    const body = parseBody(createBody, req.body);
    const org = await createOrganization(context, { userId: identity.userId, requestId: requestIdOf(req) }, body);
    res
      .status(201)
      .location(`/api/v1/organizations/${org.slug}`)
      .json({ data: organizationDetail(org, [], new Date()), message: 'Organization created.' });
  };

  const update = async (req: Request, res: Response) => {
    const { organization, events } = await updateOrganization(context, identityOf(res), { slug: slugParam(req), requestId: requestIdOf(req) }, () =>
      parseBody(updateBody, req.body),
    );
    res.json({ data: organizationDetail(organization, events, new Date()), message: 'Organization updated.' });
  };

  return [
    { method: 'get', path: '/api/v1/organizations', handler: list },
    { method: 'post', path: '/api/v1/organizations', handler: create },
    { method: 'get', path: '/api/v1/organizations/:slug', handler: get },
    { method: 'patch', path: '/api/v1/organizations/:slug', handler: update },
  ];
}
