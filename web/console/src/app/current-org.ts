import { useParams } from 'react-router';
import { useSession, type Session } from '../api/session';

const ORG_STORAGE_KEY = 'regatta.org';

/** The organization the person works in: the one in the URL, else the last one chosen, else their first. */
export function pickOrganization(session: Session | null | undefined, fromUrl: string | undefined, remembered: string | null): string | undefined {
  const slugs = (session?.memberships ?? []).map((m) => m.slug).filter((slug): slug is string => !!slug);
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

export function useCurrentOrg(): string | undefined {
  const { org } = useParams();
  const session = useSession();
  return pickOrganization(session.data, org, remembered());
}
