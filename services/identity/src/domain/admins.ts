/** The rule every change of roles keeps: an organization has at least one admin. */
import type { MemberRole } from '@regatta/contracts';

/**
 * The organization's admins after `userId` gets `role` (null: removed), from the admins before.
 * Demoting or removing an admin takes them off the list; promoting adds them once.
 */
export function adminsAfter(admins: readonly string[], userId: string, role: MemberRole | null): string[] {
  const others = admins.filter((id) => id !== userId);
  return role === 'admin' ? [...others, userId] : others;
}

/** Whether the change leaves the organization at least one admin. */
export function keepsAnAdmin(admins: readonly string[], userId: string, role: MemberRole | null): boolean {
  return adminsAfter(admins, userId, role).length >= 1;
}
