/**
 * The tally settings form: what a person types (the deadline as HH:MM or empty, points as text in
 * either decimal notation) and the API body it becomes.
 */
import { z } from 'zod';
import type { TallySettings } from './api';

/** 0.1 to 1000 points in tenths, with a point or a comma: one message whatever is wrong. */
const points = z
  .string()
  .trim()
  .refine((text) => {
    if (!/^\d{1,4}([.,]\d)?$/.test(text)) return false;
    const value = Number(text.replace(',', '.'));
    return value >= 0.1 && value <= 1000;
  }, 'tally:settings.pointsError');

export const settingsSchema = z.object({
  signInDeadline: z.union([z.literal(''), z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'tally:settings.deadlineError')]),
  missedSignOut: z.enum(['none', 'points', 'dnc']),
  missedSignIn: z.enum(['none', 'points']),
  penaltyPoints: points,
});

export type SettingsForm = z.infer<typeof settingsSchema>;

export const formOf = (settings: TallySettings): SettingsForm => ({
  signInDeadline: settings.signInDeadline ?? '',
  missedSignOut: settings.missedSignOut,
  missedSignIn: settings.missedSignIn,
  penaltyPoints: String(settings.penaltyPoints),
});

export const settingsOf = (form: SettingsForm): TallySettings => ({
  signInDeadline: form.signInDeadline || null,
  missedSignOut: form.missedSignOut,
  missedSignIn: form.missedSignIn,
  penaltyPoints: Number(form.penaltyPoints.trim().replace(',', '.')),
});
