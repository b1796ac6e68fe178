/** What can be a regatta, club or series slug in a URL; anything else is 404 without a query. */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
