/**
 * Exchange with other programs, through @regatta/client: a Sailwave .blw file imported as a draft
 * regatta of the organization (importSailwave: the answer carries the parity report per fleet), a
 * draft not accepted deleted again (deleteEvent), and the regatta's files downloaded: the .blw
 * (exportEventToSailwave), results and standings as CSV or PDF (getEventResults, getEventStandings
 * with format=). A download becomes a blob object URL clicked through a temporary anchor.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export type SailwaveImport = Schemas['SailwaveImport'];
export type ParityFleet = SailwaveImport['parity']['fleets'][number];

export function useSailwaveImport(org: string) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async (file: File): Promise<SailwaveImport> => {
      return unwrap(
        api.POST('/api/v1/organizations/{slug}/imports/sailwave', {
          params: { path: { slug: org }, query: { fileName: file.name } },
          body: file as never,
          bodySerializer: (body: unknown) => body as Blob,
          headers: { 'content-type': 'application/octet-stream' },
        }),
      );
    },
  });
  const discard = useMutation({
    mutationFn: (slug: string) => unwrap(api.DELETE('/api/v1/events/{slug}', { params: { path: { slug } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['regattas'] }),
  });
  return { upload, discard };
}

export type Download = 'blw' | 'results-csv' | 'results-pdf' | 'standings-csv' | 'standings-pdf';
export const DOWNLOADS: readonly Download[] = ['blw', 'results-csv', 'results-pdf', 'standings-csv', 'standings-pdf'];

function fetchDownload(slug: string, kind: Download) {
  const path = { path: { slug } };
  if (kind === 'blw') return api.GET('/api/v1/events/{slug}/exports/sailwave', { params: path, parseAs: 'blob' });
  const [what, format] = kind.split('-') as ['results' | 'standings', 'csv' | 'pdf'];
  if (what === 'results') return api.GET('/api/v1/events/{slug}/results', { params: { ...path, query: { format } }, parseAs: 'blob' });
  return api.GET('/api/v1/events/{slug}/standings', { params: { ...path, query: { format } }, parseAs: 'blob' });
}

/** The file name of a download: <slug>.blw, <slug>-results.csv, <slug>-standings.pdf ... */
export function downloadName(slug: string, kind: Download): string {
  if (kind === 'blw') return `${slug}.blw`;
  const [what, format] = kind.split('-');
  return `${slug}-${what}.${format}`;
}

export async function downloadFile(slug: string, kind: Download): Promise<void> {
  const blob = (await unwrap(fetchDownload(slug, kind) as Promise<{ data?: unknown; error?: unknown; response: Response }>)) as Blob;
  const url = URL.createObjectURL(blob);
  const anchor = Object.assign(document.createElement('a'), { href: url, download: downloadName(slug, kind), hidden: true });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
