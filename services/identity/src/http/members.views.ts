/** A member of an organization, as the OpenAPI document states it (IdentityMember). */
import type { MemberDetail } from '../app/records.js';
import { iso } from './format.js';

export const memberView = (row: MemberDetail) => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  role: row.role,
  grantedAt: iso(row.granted_at),
});
