/**
 * The committee app's calls to the race-capture API, through @regatta/client. A signed-in member
 * records with the session cookie; an enrolled device with its token (Authorization: Bearer rgd_…).
 */
import { createRegattaClient, type RegattaClient, type Schemas } from '@regatta/client';
import { unwrap } from '../../api/client';
import type { CaptureTransport } from './sync/sync';
import type { WireRecord } from './sync/wire';

export type Reconciliation = Schemas['FinishReconciliation'];
export type Enrolment = Schemas['CaptureEnrolment'];
export type DeviceCredential = Schemas['CaptureDeviceCredential'];

export function captureClient(token?: string): RegattaClient {
  return createRegattaClient(globalThis.location?.origin ?? 'http://localhost', {
    fetch: (input: Request) => fetch(input, { credentials: 'same-origin', cache: 'no-store' }),
    ...(token ? { key: token } : {}),
  });
}

export async function fetchContext(client: RegattaClient, slug: string): Promise<Schemas['CaptureContext']> {
  return (await unwrap(client.GET('/api/v1/events/{slug}/capture/context', { params: { path: { slug } } }))).data;
}

export async function fetchReconciliation(client: RegattaClient, slug: string, raceId: string): Promise<Reconciliation> {
  return (await unwrap(client.GET('/api/v1/events/{slug}/races/{raceId}/capture/reconciliation', { params: { path: { slug, raceId } } }))).data;
}

export async function createEnrolment(slug: string, label: string | undefined): Promise<Enrolment> {
  return (await unwrap(captureClient().POST('/api/v1/events/{slug}/capture/enrolments', { params: { path: { slug } }, body: label ? { label } : {} }))).data;
}

export type EnrolledDevice = Schemas['CaptureDevice'];

export async function listDevices(slug: string): Promise<EnrolledDevice[]> {
  return (await unwrap(captureClient().GET('/api/v1/events/{slug}/capture/devices', { params: { path: { slug } } }))).data;
}

export async function revokeDevice(slug: string, deviceId: string): Promise<void> {
  await unwrap(captureClient().DELETE('/api/v1/events/{slug}/capture/devices/{deviceId}', { params: { path: { slug, deviceId } } }));
}

export async function redeemEnrolment(code: string): Promise<DeviceCredential> {
  return (await unwrap(captureClient().POST('/api/v1/capture/devices', { body: { code } }))).data;
}

export function captureTransport(client: RegattaClient, slug: string): CaptureTransport {
  return {
    async serverTime() {
      return Date.parse((await unwrap(client.GET('/api/v1/capture/time'))).serverTime);
    },
    async sync(records: WireRecord[]) {
      const answer = await unwrap(client.POST('/api/v1/events/{slug}/capture/sync', { params: { path: { slug } }, body: { records } as Schemas['CaptureSyncRequest'] }));
      return { serverTime: Date.parse(answer.serverTime), results: answer.results };
    },
    async move(body) {
      await unwrap(client.POST('/api/v1/events/{slug}/tally/movements', { params: { path: { slug } }, body }));
    },
  };
}
