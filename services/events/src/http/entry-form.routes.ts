/**
 * The entry form of a regatta (what a sailor fills in to enter, read by anyone who may see the
 * regatta), the organizer's questions and waivers (members of the organization), and the signed-in
 * sailor's own entries and boats.
 */
import { identityOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { addQuestion, changeQuestion, removeQuestion } from '../app/entry-questions.js';
import { addWaiver, changeWaiver, removeWaiver } from '../app/entry-waivers.js';
import { getEntryForm } from '../app/get-entry-form.js';
import { listMyBoats, listMyEntries } from '../app/my-entries.js';
import { createQuestionBody, createWaiverBody, myEntriesQuery, updateQuestionBody, updateWaiverBody } from './entry-form.schemas.js';
import { entryFormViewJson, myBoatJson, myEntryJson, questionJson, waiverJson } from './entry-form.views.js';
import { questionIdParam, slugParam, waiverIdParam } from './params.js';
import { parse } from './parse.js';

export function entryFormRoutes(context: ServiceContext): RouteDefinition[] {
  const form = '/api/v1/events/:slug/entry-form';
  return [
    {
      method: 'get',
      path: form,
      handler: async (req, res) => {
        res.json({ data: entryFormViewJson(await getEntryForm(context, identityOf(res), slugParam(req))) });
      },
    },
    {
      method: 'post',
      path: `${form}/questions`,
      handler: async (req, res) => {
        const question = await addQuestion(context, identityOf(res), slugParam(req), () => parse(createQuestionBody, req.body, 'body'));
        res.status(201).json({ data: questionJson(question) });
      },
    },
    {
      method: 'patch',
      path: `${form}/questions/:questionId`,
      handler: async (req, res) => {
        const question = await changeQuestion(context, identityOf(res), slugParam(req), questionIdParam(req), () => parse(updateQuestionBody, req.body, 'body'));
        res.json({ data: questionJson(question) });
      },
    },
    {
      method: 'delete',
      path: `${form}/questions/:questionId`,
      handler: async (req, res) => {
        await removeQuestion(context, identityOf(res), slugParam(req), questionIdParam(req));
        res.json({ message: 'Question removed; answers already given stay with their entries.' });
      },
    },
    {
      method: 'post',
      path: `${form}/waivers`,
      handler: async (req, res) => {
        const waiver = await addWaiver(context, identityOf(res), slugParam(req), () => parse(createWaiverBody, req.body, 'body'));
        res.status(201).json({ data: waiverJson(waiver) });
      },
    },
    {
      method: 'patch',
      path: `${form}/waivers/:waiverId`,
      handler: async (req, res) => {
        const { waiver, reacceptance } = await changeWaiver(context, identityOf(res), slugParam(req), waiverIdParam(req), () => parse(updateWaiverBody, req.body, 'body'));
        res.json({
          data: waiverJson(waiver),
          entriesToAccept: reacceptance,
          message: reacceptance > 0 ? `Waiver at version ${waiver.version}; ${reacceptance} entries are asked to accept it.` : `Waiver at version ${waiver.version}.`,
        });
      },
    },
    {
      method: 'delete',
      path: `${form}/waivers/:waiverId`,
      handler: async (req, res) => {
        await removeWaiver(context, identityOf(res), slugParam(req), waiverIdParam(req));
        res.json({ message: 'Waiver removed; acceptances already given stay with their entries.' });
      },
    },
    {
      method: 'get',
      path: '/api/v1/me/registrations',
      handler: async (req, res) => {
        const page = parse(myEntriesQuery, req.query, 'query');
        const { entries, hasMore } = await listMyEntries(context, identityOf(res), page);
        res.json({ data: entries.map(myEntryJson), pagination: { ...page, hasMore } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/me/boats',
      handler: async (_req, res) => {
        res.json({ data: (await listMyBoats(context, identityOf(res))).map(myBoatJson) });
      },
    },
  ];
}
