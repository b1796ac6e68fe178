/**
 * Signing secrets of the process: sealed at rest with the SecretBox key, opened for each delivery.
 * Opening is AES-GCM work per attempt, so opened secrets are kept by webhook id while the sealed value
 * is the same (a secret rotated by a new seal is opened again).
 */
import type { SecretBox } from '../domain/secret-box.js';

const MAX_CACHED = 10_000;

export class SigningSecrets {
  private readonly opened = new Map<string, { sealed: string; secret: string }>();

  constructor(private readonly box: SecretBox) {}

  seal(secret: string, webhookId: string): string {
    return this.box.seal(secret, webhookId);
  }

  open(sealed: string, webhookId: string): string {
    const cached = this.opened.get(webhookId);
    if (cached && cached.sealed === sealed) return cached.secret;
    const secret = this.box.open(sealed, webhookId);
    if (this.opened.size >= MAX_CACHED) this.opened.clear();
    this.opened.set(webhookId, { sealed, secret });
    return secret;
  }
}
