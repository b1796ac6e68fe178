/** Applies identity.v1 to the names race capture labels records with. */
import type { Queryable } from '@regatta/db';
import { upsertUser } from '../store/projections/users.js';

export const recordUser = (client: Queryable, user: { id: string; name: string }) => upsertUser(client, user);
