/**
 * The caller as the use cases see it: from the gateway's identity assertion, without HTTP (roles per
 * organization id; an embed token's organization, the only one it reads).
 */
import type { Identity } from '@regatta/http';

export type Viewer = Pick<Identity, 'via' | 'userId' | 'embedOrganizationId' | 'roles'>;
