/** The organization profile as this service stores it (one row of `organizations`). */
import type { OrganizationType } from '@regatta/contracts';

export interface Address {
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface Contact {
  email: string | null;
  phone: string | null;
  website: string | null;
}

export interface SocialMedia {
  facebook: string | null;
  instagram: string | null;
}

export interface Organization {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  type: OrganizationType;
  founded: number | null;
  address: Address;
  contact: Contact;
  socialMedia: SocialMedia;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A profile with its regatta counts, as the list shows it. */
export interface OrganizationWithCounts extends Organization {
  upcomingEvents: number;
  totalEvents: number;
}

/** The profile fields given at creation; absent ones are stored as null. */
export interface NewOrganizationInput {
  name: string;
  type: OrganizationType;
  description?: string | null | undefined;
  founded?: number | null | undefined;
  address?: Partial<Address> | undefined;
  contact?: Partial<Contact> | undefined;
  socialMedia?: Partial<SocialMedia> | undefined;
}

export type NewOrganization = Omit<Organization, 'slug' | 'createdAt' | 'updatedAt'>;

/** A new profile (every absent field null); the slug is picked when it is stored. */
export function newOrganization(input: NewOrganizationInput, id: string, createdBy: string): NewOrganization {
  return {
    id,
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    founded: input.founded ?? null,
    address: {
      street: input.address?.street ?? null,
      city: input.address?.city ?? null,
      state: input.address?.state ?? null,
      postalCode: input.address?.postalCode ?? null,
      country: input.address?.country ?? null,
    },
    contact: { email: input.contact?.email ?? null, phone: input.contact?.phone ?? null, website: input.contact?.website ?? null },
    socialMedia: { facebook: input.socialMedia?.facebook ?? null, instagram: input.socialMedia?.instagram ?? null },
    createdBy,
  };
}

/** The editable profile fields; `undefined` = leave as is, `null` = clear. */
export interface OrganizationChanges {
  name?: string;
  description?: string | null;
  type?: OrganizationType;
  founded?: number | null;
  address?: Partial<Address>;
  contact?: Partial<Contact>;
  socialMedia?: Partial<SocialMedia>;
}

/** Applies changes to a profile; returns the new profile and the snake_case names of what changed. */
export function applyChanges(current: Organization, changes: OrganizationChanges): { next: Organization; changed: string[] } {
  const next: Organization = {
    ...current,
    address: { ...current.address },
    contact: { ...current.contact },
    socialMedia: { ...current.socialMedia },
  };
  const changed: string[] = [];
  const set = <K extends 'name' | 'description' | 'type' | 'founded'>(key: K, field: string) => {
    const value = changes[key];
    if (value === undefined || value === current[key]) return;
    (next as unknown as Record<string, unknown>)[key] = value;
    changed.push(field);
  };
  set('name', 'name');
  set('description', 'description');
  set('type', 'type');
  set('founded', 'founded');
  const merge = <T extends object>(target: T, source: Partial<T> | undefined, field: string) => {
    if (!source) return;
    let differs = false;
    for (const [key, value] of Object.entries(source) as Array<[keyof T, T[keyof T] | undefined]>) {
      if (value === undefined || target[key] === value) continue;
      target[key] = value;
      differs = true;
    }
    if (differs) changed.push(field);
  };
  merge(next.address, changes.address, 'address');
  merge(next.contact, changes.contact, 'contact');
  merge(next.socialMedia, changes.socialMedia, 'social_media');
  return { next, changed };
}
