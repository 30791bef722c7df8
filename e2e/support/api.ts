import { readFile } from 'node:fs/promises';
import type {
  CertificateFields,
  UploadCertificateResponse,
  ApiErrorBody,
} from '../../supabase/functions/_shared/api-contract.ts';
import { requireStackEnv } from './stack-env.ts';
import { testClient } from './supabase-client.ts';

const stack = requireStackEnv();

/** Signs in through the real auth endpoint and returns the access token. */
export async function accessTokenFor(
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const client = testClient('anon');
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in as ${email} failed: ${error?.message}`);
  return { token: data.session.access_token, userId: data.session.user.id };
}

async function callApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.API_URL}/functions/v1/api${path}`, {
    method,
    headers: { apikey: stack.ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as T & ApiErrorBody;
  if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${payload.error}`);
  return payload;
}

export async function fileAsDataUrl(path: string, mimeType: string): Promise<string> {
  return `data:${mimeType};base64,${(await readFile(path)).toString('base64')}`;
}

/** Uploads a certificate file as the given admin, the way the admin upload screen does, with its fields. */
export async function uploadCertificate(
  admin: { token: string; userId: string },
  path: string,
  mimeType: string,
  certificateName: string,
  fields: Omit<CertificateFields, 'certificateName'> & { pagePublic?: boolean } = {},
): Promise<UploadCertificateResponse> {
  return callApi<UploadCertificateResponse>(admin.token, 'POST', '/certificates/upload-base64', {
    ...fields,
    fileData: await fileAsDataUrl(path, mimeType),
    userId: admin.userId,
    mode: 'process',
    certificateName,
  });
}

/** Issues a certificate with its printed fields as the given admin, as the issue form does (public page on). */
export async function issueCertificate(
  admin: { token: string; userId: string },
  path: string,
  mimeType: string,
  fields: CertificateFields,
): Promise<UploadCertificateResponse> {
  return callApi<UploadCertificateResponse>(admin.token, 'POST', '/certificates/upload-base64', {
    ...fields,
    fileData: await fileAsDataUrl(path, mimeType),
    userId: admin.userId,
    mode: 'process',
  });
}

/** An admin's lifecycle action on a certificate; revoke and suspend need a reason. */
export async function changeCertificateStanding(
  token: string,
  id: string,
  action: 'revoke' | 'unrevoke' | 'suspend' | 'resume',
  reason?: string,
): Promise<void> {
  await callApi(token, 'POST', `/certificates/${action}/${id}`, reason === undefined ? {} : { reason });
}

export async function revokeCertificate(
  token: string,
  id: string,
  reason = 'Revoked by a test',
): Promise<void> {
  await changeCertificateStanding(token, id, 'revoke', reason);
}

/** How many certificates the admin list counts (GET /certificates/all's totalCount). */
export async function certificateCount(token: string): Promise<number> {
  const { totalCount } = await callApi<{ totalCount: number }>(token, 'GET', '/certificates/all?limit=1');
  return totalCount;
}
