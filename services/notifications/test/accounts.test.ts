/**
 * Account e-mails through the gateway and the SMTP server (Mailpit): the confirmation of a new
 * account's address, a password reset link that works once (and ends the old sessions), a sign-in
 * from a new device. No address is ever in a fact: the e-mails come from the notifications service
 * asking identity at send time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiClient, mailDetail, mailTo, signUp, uniqueSuffix, waitForMail } from '@regatta/testing';
import { ok } from './helpers.js';

const api = apiClient();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The link of an account e-mail (its id and token) from the message's text part. */
async function linkOf(messageId: string, path: string): Promise<{ url: URL; linkId: string; token: string }> {
  const text = (await mailDetail(messageId)).Text;
  const match = new RegExp(`(http://\\S+${path}\\?id=[\\w-]+&token=[\\w-]+)`).exec(text);
  assert.ok(match, `no ${path} link in: ${text}`);
  const url = new URL(match[1]!);
  return { url, linkId: url.searchParams.get('id')!, token: url.searchParams.get('token')! };
}

test('sign-up e-mails a confirmation link that works once', async () => {
  const user = await signUp(api);
  const [message] = await waitForMail(user.email, /Confirm your e-mail address/);
  const { url, linkId, token } = await linkOf(message!.ID, '/console/confirm-email');
  assert.equal(url.pathname, '/console/confirm-email');
  await ok(api.post('/api/v1/auth/email-confirmation', { linkId, token }));
  const again = await api.post('/api/v1/auth/email-confirmation', { linkId, token });
  assert.equal(again.status, 400);
  assert.equal(again.body.code, 'validation_failed');
});

test('forgot password: the e-mailed link sets a new password once, in the language asked for, and ends old sessions', async () => {
  const user = await signUp(api);
  await ok(api.post('/api/v1/auth/password-reset', { email: user.email.toUpperCase(), locale: 'de' }), 202);
  const [message] = await waitForMail(user.email, /Passwort zurücksetzen/);
  const { linkId, token } = await linkOf(message!.ID, '/console/reset-password');
  const password = `New-password-${uniqueSuffix()}`;
  const tampered = await api.post('/api/v1/auth/password-reset/confirm', { linkId, token: `${token.slice(0, -2)}xx`, password });
  assert.equal(tampered.status, 400);
  await ok(api.post('/api/v1/auth/password-reset/confirm', { linkId, token, password }));
  assert.equal((await api.get('/api/v1/auth/session', { cookie: user.cookie })).status, 401, 'the old session ended');
  assert.equal((await api.post('/api/v1/auth/login', { email: user.email, password: user.password })).status, 401);
  await ok(api.post('/api/v1/auth/login', { email: user.email, password }));
  const second = await api.post('/api/v1/auth/password-reset/confirm', { linkId, token, password: `Other-password-${uniqueSuffix()}` });
  assert.equal(second.status, 400);
  assert.deepEqual(second.body.errors, [{ field: 'token', message: 'is not valid, was already used or has expired' }]);
});

test('a reset for an unknown address answers the same and sends nothing', async () => {
  const email = `nobody-${uniqueSuffix()}@example.org`;
  const answer = await ok(api.post('/api/v1/auth/password-reset', { email }), 202);
  assert.match(answer.message, /If an account has this address/);
  await sleep(1_500);
  assert.deepEqual(await mailTo(email), []);
});

test('a sign-in from a new device is announced; the same device again is not', async () => {
  const user = await signUp(api);
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  for (let i = 0; i < 2; i += 1) await ok(api.post('/api/v1/auth/login', { email: user.email, password: user.password }, { headers: { 'user-agent': firefox } }));
  const [message] = await waitForMail(user.email, /New sign-in to your account/);
  assert.match((await mailDetail(message!.ID)).Text, /from Firefox on Linux on /);
  await sleep(1_000);
  assert.equal((await mailTo(user.email)).filter((m) => /New sign-in/.test(m.Subject)).length, 1);
});
