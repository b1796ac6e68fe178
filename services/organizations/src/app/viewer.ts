/** The caller as the use cases see it: from the gateway's identity assertion, without HTTP. */
export interface Viewer {
  via: string;
  userId?: string | undefined;
  /** An embed token's organization (embed tokens read only that one). */
  embedOrganizationId?: string | undefined;
  /** Roles per organization id. */
  roles: Record<string, string>;
}
