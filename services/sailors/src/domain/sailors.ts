/** A sailor's profile: the name from their account, else the last one a registration or result gave. */
export interface Sailor {
  id: string;
  name: string | null;
}
