import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSession, type Session } from '../api/session';

const ORG_STORAGE_KEY = 'regatta.org';

/** A person's organizations as the console lists them: by name, as a person scans a list. */
export function organizationsOf(session: Session | null | undefined): Session['memberships'] {
  return (session?.memberships ?? []).filter((m) => m.slug).sort((a, b) => (a.name ?? a.slug ?? '').localeCompare(b.name ?? b.slug ?? ''));
}

/** The organization the person works in: the one in the URL, else the last one chosen, else the first by name. */
export function pickOrganization(session: Session | null | undefined, fromUrl: string | undefined, remembered: string | null): string | undefined {
  const slugs = organizationsOf(session).map((m) => m.slug!);
  if (fromUrl) return fromUrl;
  if (remembered && slugs.includes(remembered)) return remembered;
  return slugs[0];
}

export function rememberOrganization(slug: string): void {
  try {
    localStorage.setItem(ORG_STORAGE_KEY, slug);
  } catch {
    // Private browsing may refuse storage; the URL still carries the organization.
  }
}

function remembered(): string | null {
  try {
    return localStorage.getItem(ORG_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * On a regatta's screens (/regattas/:slug) the organization is the regatta's own: read from the
 * regatta's query, which those screens load (this hook only watches the cache, it never fetches).
 */
export function useCurrentOrg(): string | undefined {
  const { org, slug } = useParams();
  const session = useSession();
  const regatta = useQuery<{ organization?: { slug?: string } }>({ queryKey: ['event', slug ?? ''], enabled: false });
  return pickOrganization(session.data, org ?? regatta.data?.organization?.slug, remembered());
}
