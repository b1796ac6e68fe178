/**
 * The safety tally's calls (race-capture through @regatta/client): the committee board polled every
 * 10 seconds (TanStack Query; never the public live feed: persons on board are private), an entrant's
 * own boats, the organizer's settings, sign-outs and sign-ins, closing a day. A movement's id is made
 * when the person taps, so a retried request (a flaky boat-park network) is the same movement.
 * The hooks take the client to call with: the console's session (default) or, in the committee app,
 * an enrolled device's (its token).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegattaClient, Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export type TallyBoard = Schemas['TallyBoard'];
export type TallyBoat = Schemas['TallyBoat'];
export type TallySettings = Schemas['TallySettings'];
export type MovementRequest = Schemas['TallyMovementRequest'];

/** How often the committee board and the entrant's page ask again. */
export const BOARD_POLL_MS = 10_000;

const boardKey = (slug: string) => ['tally', slug, 'board'] as const;
const mineKey = (slug: string) => ['tally', slug, 'mine'] as const;
const settingsKey = (slug: string) => ['tally', slug, 'settings'] as const;

/** The board of `day` (YYYY-MM-DD; default today on the regatta's clock). */
export function useTallyBoard(slug: string, client: RegattaClient = api, day?: string) {
  return useQuery({
    queryKey: [...boardKey(slug), client === api ? 'session' : 'device', day ?? 'today'],
    queryFn: async () => (await unwrap(client.GET('/api/v1/events/{slug}/tally', { params: { path: { slug }, query: day ? { day } : {} } }))).data,
    refetchInterval: BOARD_POLL_MS,
  });
}

export function useMyTally(slug: string) {
  return useQuery({
    queryKey: mineKey(slug),
    queryFn: async () => (await unwrap(api.GET('/api/v1/events/{slug}/tally/mine', { params: { path: { slug } } }))).data,
    refetchInterval: BOARD_POLL_MS,
  });
}

export function useTallySettings(slug: string) {
  return useQuery({
    queryKey: settingsKey(slug),
    queryFn: async () => (await unwrap(api.GET('/api/v1/events/{slug}/tally/settings', { params: { path: { slug } } }))).data,
  });
}

/** Sign-outs and sign-ins, settings and closing a day; each refreshes the board and the entrant's page. */
export function useTallyChanges(slug: string, client: RegattaClient = api) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tally', slug] });
  const move = useMutation({
    mutationFn: async (body: MovementRequest) => (await unwrap(client.POST('/api/v1/events/{slug}/tally/movements', { params: { path: { slug } }, body }))).data,
    // The same id and body again is answered as the first time: retrying is safe.
    retry: 2,
    onSettled: refresh,
  });
  const save = useMutation({
    mutationFn: async (body: TallySettings) => (await unwrap(api.PUT('/api/v1/events/{slug}/tally/settings', { params: { path: { slug } }, body }))).data,
    onSuccess: refresh,
  });
  const close = useMutation({
    mutationFn: async (day: string) => (await unwrap(api.POST('/api/v1/events/{slug}/tally/days/{day}/close', { params: { path: { slug, day } } }))).data,
    onSuccess: refresh,
  });
  return { move, save, close };
}

/** A movement with a fresh client id, made at the tap. */
export const movement = (registrationId: string, kind: 'out' | 'in', personsOnBoard?: number): MovementRequest => ({
  id: crypto.randomUUID(),
  registrationId,
  kind,
  ...(personsOnBoard !== undefined ? { personsOnBoard } : {}),
});

/** Where the boat park's QR code leads: the entrant's page of this regatta. */
export const entrantPath = (slug: string) => `/console/tally/${encodeURIComponent(slug)}`;

/** The day's CSV (the browser sends the session cookie; the organizer's members only). */
export const exportHref = (slug: string, day: string) => `/api/v1/events/${encodeURIComponent(slug)}/tally/export?day=${encodeURIComponent(day)}`;
