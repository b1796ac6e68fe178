/**
 * An organization's profile between the API and the form: the form holds text ('' for "not given"),
 * the API takes null to clear an optional field and merges address, contact and social media field
 * by field, so every field is sent (a cleared one as null) and the saved profile is exactly the form.
 */
import type { Schemas } from '@regatta/client';
import type { ProfileValues } from './schemas';

/** The body of updateOrganization (address, contact and social media are merged field by field). */
export type ProfileUpdate = Schemas['OrganizationUpdateRequest'];

const text = (value: string | null | undefined): string => value ?? '';
const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function profileValuesOf(organization: Schemas['OrganizationDetail']): ProfileValues {
  const { address, contact, socialMedia } = organization;
  return {
    name: organization.name,
    type: organization.type,
    description: text(organization.description),
    founded: organization.founded === null ? '' : String(organization.founded),
    address: { street: text(address.street), city: text(address.city), state: text(address.state), postalCode: text(address.postalCode), country: text(address.country) },
    contact: { email: text(contact.email), phone: text(contact.phone), website: text(contact.website) },
    socialMedia: { facebook: text(socialMedia.facebook), instagram: text(socialMedia.instagram) },
  };
}

export function toProfileUpdate(values: ProfileValues): ProfileUpdate {
  return {
    name: values.name.trim(),
    type: values.type,
    description: orNull(values.description),
    founded: values.founded.trim() === '' ? null : Number(values.founded),
    address: {
      street: orNull(values.address.street),
      city: orNull(values.address.city),
      state: orNull(values.address.state),
      postalCode: orNull(values.address.postalCode),
      country: orNull(values.address.country),
    },
    contact: { email: orNull(values.contact.email), phone: orNull(values.contact.phone), website: orNull(values.contact.website) },
    socialMedia: { facebook: orNull(values.socialMedia.facebook), instagram: orNull(values.socialMedia.instagram) },
  };
}
